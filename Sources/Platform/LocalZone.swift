import IsletCore

#if canImport(Glibc)
    import Glibc
#endif

extension LocalTime {
    /// The process's zone (TZ, /etc/localtime), as the C library reads it. The core never reads
    /// it: the programs hand it in.
    public static let system = LocalTime { usec in
        var seconds = time_t(usec / usecPerSecond)
        var parts = tm()
        guard localtime_r(&seconds, &parts) != nil else { return 0 }
        return Int64(parts.tm_gmtoff)
    }
}

import IsletCore

#if canImport(Glibc)
    import Glibc
#endif

/// The real time: CLOCK_REALTIME, in the contract's microseconds.
public enum WallClock {
    public static func now() -> USec {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return UInt64(now.tv_sec) * usecPerSecond + UInt64(now.tv_nsec) / 1000
    }

    /// ``now()`` as a value to hand to what takes a clock.
    public static let clock: @Sendable () -> USec = { now() }
}

/// Microseconds since the Unix epoch (CLOCK_REALTIME); 0 means none.
public typealias USec = UInt64

public let usecPerSecond: UInt64 = 1_000_000

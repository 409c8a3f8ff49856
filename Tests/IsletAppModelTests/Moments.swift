import IsletCore

/// The moments the page models' tests count from: a second in microseconds, and 2026-09-21
/// 14:13:20 UTC (as the core's tests).
let s: UInt64 = 1_000_000
let t0: USec = 1_790_000_000 * s

import IsletCore

/// Keeps islet from feeding a notification server that dies on what we send it. A server whose
/// owner leaves the bus right after our Notify, again and again, is most likely crashing on it
/// (mako 1.7 did, on a stack tag beside replaces_id), and D-Bus activation starts it again at
/// our next Notify: without a pause the two loop dozens of times a second. Pure: the bridge
/// tells it what happened and when, and asks when it may post again.
public struct CrashGuard: Equatable, Sendable {
    /// A departure this soon after our Notify counts as a crash.
    public static let window: USec = 2 * usecPerSecond
    /// The first pause; each further crash doubles it, up to `longest`.
    public static let shortest: USec = usecPerSecond
    public static let longest: USec = 300 * usecPerSecond
    /// A server that has not crashed for this long is trusted again; so is one that stayed on
    /// the bus for `window` after answering a Notify (a restart, not a crash loop).
    public static let forgiveAfter: USec = 600 * usecPerSecond
    /// From this many crashes in a row on, the server gets the safest hints.
    public static let strikesForSafest = 2

    public private(set) var strikes = 0
    public private(set) var lastNotifyAt: USec?
    public private(set) var lastAnsweredAt: USec?
    public private(set) var lastStrikeAt: USec = 0
    /// No Notify before this.
    public private(set) var notBefore: USec = 0

    public init() {}

    public mutating func notifySent(at now: USec) {
        if strikes > 0, now > lastStrikeAt + Self.forgiveAfter { strikes = 0 }
        if strikes > 0, let answered = lastAnsweredAt, now > answered + Self.window { strikes = 0 }
        lastNotifyAt = now
    }

    /// The server answered a Notify at `now`.
    public mutating func notifyAnswered(at now: USec) { lastAnsweredAt = now }

    /// The server's owner left the bus at `now`. True when that counts as a crash.
    @discardableResult
    public mutating func serverLeft(at now: USec) -> Bool {
        guard let sent = lastNotifyAt, now >= sent, now - sent <= Self.window else { return false }
        lastNotifyAt = nil
        lastAnsweredAt = nil
        strikes += 1
        lastStrikeAt = now
        let shift = UInt64(min(strikes - 1, 20))
        notBefore = now + min(Self.longest, Self.shortest << shift)
        return true
    }

    /// The server gets only the safest hints.
    public var wantsSafest: Bool { strikes >= Self.strikesForSafest }
}

import DBus
import IsletCore

/// What an MPRIS 2 player says of itself (`org.mpris.MediaPlayer2` and its `.Player`), as
/// read by ``MprisSource``: pure, from the values its properties and signals carry. Its
/// position is never signalled by the player: it is read when something changes (and from
/// `Seeked`) and counted locally from then at the player's `Rate`, as the spec says.
public struct MprisPlayer: Equatable, Sendable {
    /// Its bus name, `org.mpris.MediaPlayer2.NAME`.
    public var busName: String
    public var identity = ""
    public var desktopEntry = ""
    /// `Playing`, `Paused` or `Stopped`.
    public var status = "Stopped"
    public var title = ""
    public var artists: [String] = []
    /// The track's `mpris:artUrl` as the player gave it (at most 1024 bytes kept: longer is none).
    public var artURL = ""
    /// The track's length in microseconds; 0: not known (a stream).
    public var length: UInt64 = 0
    /// The position as read, in microseconds, and when it was read.
    public var position: Int64 = 0
    public var positionReadAt: USec = 0
    public var rate = 1.0
    public var canPause = false
    public var canPlay = false
    public var canGoNext = false

    public init(busName: String) { self.busName = busName }

    /// The rates a player's position is counted at: MPRIS's MinimumRate and MaximumRate are
    /// the player's to say, but a rate outside these says nothing a person could hear.
    static let rates: ClosedRange<Double> = 0.01...100
    /// The longest length or position believed, in microseconds (a year): past it, a length is
    /// not known and a position is the year's end (another program's numbers never overflow a count).
    static let longest: UInt64 = 366 * 86_400 * 1_000_000

    /// islet-notify's own player (its MediaPlayer surface) is never read back as a source.
    public static func isSource(_ busName: String) -> Bool {
        let prefix = "org.mpris.MediaPlayer2."
        guard busName.hasPrefix(prefix), busName.count > prefix.count else { return false }
        return busName != prefix + "islet" && !busName.hasPrefix(prefix + "islet.")
    }

    /// The player's properties (`GetAll`, or a PropertiesChanged's changed values) applied; a
    /// value of the wrong type is ignored, as a property it does not have.
    public mutating func apply(_ properties: [String: DBusValue]) {
        for (name, value) in properties {
            switch (name, value.unwrappingVariants) {
            case ("PlaybackStatus", .string(let s)) where ["Playing", "Paused", "Stopped"].contains(s): status = s
            // A rate past what any player plays at is not believed (and would overflow the count).
            case ("Rate", .double(let r)) where Self.rates.contains(r): rate = r
            case ("CanPause", .boolean(let b)): canPause = b
            case ("CanPlay", .boolean(let b)): canPlay = b
            case ("CanGoNext", .boolean(let b)): canGoNext = b
            case ("Identity", .string(let s)): identity = s
            case ("DesktopEntry", .string(let s)): desktopEntry = s
            case ("Metadata", let metadata): applyMetadata(metadata.stringVariantEntries ?? [:])
            default: break
            }
        }
    }

    /// The position read (`Position`, or `Seeked`'s), at `now`.
    public mutating func positioned(_ position: Int64, at now: USec) {
        self.position = min(max(0, position), Int64(Self.longest))
        positionReadAt = now
    }

    /// The position at `now`, counted from the last reading.
    public func position(at now: USec) -> UInt64 {
        let read = UInt64(max(0, position))
        guard status == "Playing", positionReadAt > 0, now > positionReadAt else { return read }
        let counted = read + UInt64(Double(now - positionReadAt) * rate)
        return length > 0 ? min(counted, length) : counted
    }

    private mutating func applyMetadata(_ metadata: [String: DBusValue]) {
        title = ""
        artists = []
        artURL = ""
        length = 0
        for (key, value) in metadata {
            switch (key, value.unwrappingVariants) {
            case ("xesam:title", .string(let s)): title = s
            case ("mpris:artUrl", .string(let s)): artURL = s.utf8.count <= 1024 ? s : ""
            case ("xesam:artist", .array(_, let items)): artists = items.compactMap { if case .string(let s) = $0 { s } else { nil } }
            case ("xesam:artist", .string(let s)): artists = [s]
            case ("mpris:length", .int64(let v)): length = UInt64(max(0, v))
            case ("mpris:length", .uint64(let v)): length = v
            case ("mpris:length", .int32(let v)): length = UInt64(max(0, v))
            case ("mpris:length", .uint32(let v)): length = UInt64(v)
            default: break
            }
        }
        if length > Self.longest { length = 0 }
    }
}

/// isletd's settings (the daily goal, Enabled, the lingers), persisted with the state. The
/// bridge's own are `NotifySettings`, read from config.toml.
public struct ServiceSettings: Equatable, Sendable, Codable {
    public var goalSeconds: UInt64 = 0
    public var enabled = true
    public var lingerSeconds: UInt32 = 5
    public var goalReachedLingerSeconds: UInt32 = 0
    /// The daily fasting window and its reminders (contract 1.3).
    public var schedule = FastingSchedule()
    /// Fasting stages shown (a rule of thumb, off by default), and each stage's start announced.
    public var showStages = false
    public var announceStages = false
    /// Streaks hidden everywhere, for people for whom they do harm.
    public var neutralMode = false
    public init() {}
}

extension ServiceSettings {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = ServiceSettings()
        goalSeconds = try c.decode(.goalSeconds, or: defaults.goalSeconds)
        enabled = try c.decode(.enabled, or: defaults.enabled)
        lingerSeconds = try c.decode(.lingerSeconds, or: defaults.lingerSeconds)
        goalReachedLingerSeconds = try c.decode(.goalReachedLingerSeconds, or: defaults.goalReachedLingerSeconds)
        schedule = try c.decode(.schedule, or: defaults.schedule)
        showStages = try c.decode(.showStages, or: defaults.showStages)
        announceStages = try c.decode(.announceStages, or: defaults.announceStages)
        neutralMode = try c.decode(.neutralMode, or: defaults.neutralMode)
    }
}

/// Everything islet knows that is not history: the live state, persisted as one value.
public struct IsletState: Equatable, Sendable, Codable {
    public var settings = ServiceSettings()
    public var fast: RunningFast?
    /// The fast's place in the producers' start order.
    public var fastSequence: UInt64 = 0
    public var timers: [String: CountdownTimer] = [:]
    public var activity: Activity?
    /// Sources' activities, shown or waiting, by owner (contract 1.4).
    public var sources: [String: SourceActivity] = [:]
    public var nextFastID: UInt64 = 1
    public var nextSequence: UInt64 = 1
    public var nextActivitySerial: UInt64 = 1
    /// The last fast stopped, while its stop can still be undone.
    public var lastStop: StoppedFast?
    /// Reminders due up to this moment have been considered (sent, or too late to mean
    /// anything); 0: from now on.
    public var remindersCheckedAt: USec = 0
    public init() {}
}

extension IsletState {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        settings = try c.decode(.settings, or: ServiceSettings())
        fast = try c.decodeIfPresent(RunningFast.self, forKey: .fast)
        fastSequence = try c.decode(.fastSequence, or: 0)
        timers = try c.decode(.timers, or: [:])
        activity = try c.decodeIfPresent(Activity.self, forKey: .activity)
        sources = try c.decode(.sources, or: [:])
        nextFastID = try c.decode(.nextFastID, or: 1)
        nextSequence = try c.decode(.nextSequence, or: 1)
        nextActivitySerial = try c.decode(.nextActivitySerial, or: 1)
        lastStop = try c.decodeIfPresent(StoppedFast.self, forKey: .lastStop)
        remindersCheckedAt = try c.decode(.remindersCheckedAt, or: 0)
    }
}

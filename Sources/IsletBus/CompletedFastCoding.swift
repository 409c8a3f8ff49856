import IsletCore

extension IsletBus.Fasting.FastEntry {
    /// A completed fast as the history list sends it.
    public init(_ fast: CompletedFast) { self.init(fastID: fast.id, startedAt: fast.startedAt, endedAt: fast.endedAt, goalSeconds: fast.goalSeconds) }
    /// The completed fast it sends.
    public var completed: CompletedFast { CompletedFast(id: fastID, startedAt: startedAt, endedAt: endedAt, goalSeconds: goalSeconds) }
}

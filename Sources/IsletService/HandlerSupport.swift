import DBus
import IsletBus
import IsletCore

extension IsletService {
    /// A handler bound weakly to the service; the core's refusals become the contract's errors.
    func handler(_ body: @escaping @Sendable (IsletService, DBusMethodCall) throws -> [DBusValue]) -> DBusMethod.Handler {
        .immediate { [weak self] call in
            guard let self else { throw DBusError.failed("the service is shutting down") }
            do { return try body(self, call) } catch let error as IsletError { throw IsletBus.error(error) }
        }
    }
}

/// Reading values that were stored by earlier releases: a field added since is absent there
/// and takes its default. Every persisted type decodes its later fields through this, so that
/// adding a field never makes an existing database unreadable (the store's fixture databases
/// from each earlier schema check it).
extension KeyedDecodingContainer {
    func decode<T: Decodable>(_ key: Key, or fallback: @autoclosure () -> T) throws -> T {
        try decodeIfPresent(T.self, forKey: key) ?? fallback()
    }
}

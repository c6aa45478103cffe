/// What a `validate()` made of the options it checked, kept for `run()`: the options are read
/// once, where their mistakes are said, and never again. Not an argument, so the parser has
/// nothing to decode into it; read before validate() has set it is a mistake of ours.
@propertyWrapper
struct Planned<Value>: Decodable {
    private var value: Value?

    init() {}

    init(from decoder: any Decoder) {}

    var wrappedValue: Value {
        get {
            guard let value else { preconditionFailure("a plan read before validate() made it") }
            return value
        }
        set { value = newValue }
    }
}

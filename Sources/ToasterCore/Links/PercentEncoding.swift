/// The two forms a URL component is compared in: percent-encoded (what travels on the wire,
/// always ASCII) and decoded (what `percentEncoded: false` patterns are written against).
enum PercentEncoding {
    /// Encodes what cannot appear in a URL as typed — non-ASCII, controls, the space — the way
    /// a browser does before sending it, and leaves existing `%XX` escapes alone.
    static func encode(_ text: String) -> String {
        var output = ""
        for byte in text.utf8 {
            if byte > 0x20 && byte < 0x7F {
                output.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                output += "%" + hexDigits(byte)
            }
        }
        return output
    }

    /// Decodes `%XX` escapes; a `%` not followed by two hex digits stays as it is. Bytes that
    /// do not form UTF-8 leave the component in its encoded form: there is no text to compare.
    static func decode(_ text: String) -> String {
        let bytes = Array(text.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count,
               let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2]) {
                output.append(high << 4 | low)
                index += 3
            } else {
                output.append(bytes[index])
                index += 1
            }
        }
        return String(validating: output, as: UTF8.self) ?? text
    }

    private static func hexDigits(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

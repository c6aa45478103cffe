extension Character {
    var isASCIIDigit: Bool { isASCII && isWholeNumber }
    var isPreReleaseCharacter: Bool { isASCII && (isLetter || isNumber || self == "-") }
}

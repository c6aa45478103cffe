import Testing
@testable import ToasterCore

@Suite struct VersionTests {
    @Test(arguments: [
        ("1.10.0", "1.9.0"), ("2.0.0", "1.99.99"), ("1.2.1", "1.2"), ("1.2.3.4", "1.2.3"),
        ("2.0.0", "2.0.0-beta.1"), ("2.0.0-beta.2", "2.0.0-beta.1"), ("2.0.0-beta.10", "2.0.0-beta.9"),
        ("2.0.0-rc.1", "2.0.0-beta.5"), ("1.0.0-alpha.1", "1.0.0-alpha"), ("1.0.0-alpha.beta", "1.0.0-alpha.1"),
    ])
    func ordersNumerically(greater: String, lesser: String) throws {
        #expect(try Version(greater) > Version(lesser))
        #expect(try Version(lesser) < Version(greater))
    }

    @Test(arguments: [("1.2", "1.2.0"), ("1", "1.0.0.0"), ("v1.2.3", "1.2.3"), ("  1.2.3\n", "1.2.3"), ("1.2.3+42", "1.2.3"), ("01.2", "1.2")])
    func treatsEquivalentSpellingsAsEqual(lhs: String, rhs: String) throws {
        #expect(try Version(lhs) == Version(rhs))
        #expect(try Version(lhs).hashValue == Version(rhs).hashValue)
    }

    @Test func keepsFourComponents() throws {
        let version = try Version("1.2.3.4")
        #expect(version.components == [1, 2, 3, 4])
        #expect(version.description == "1.2.3.4")
        #expect(version[7] == 0)
    }

    @Test(arguments: ["", "  ", "v", "1..2", "1.2.", ".1", "1.2.3.4.5", "1.x", "abc", "1.-2", "1.2.3-", "1.2-beta..1",
                      "99999999999999999999", "1.2 3", "１.２"])
    func rejectsInvalidStrings(text: String) {
        #expect(throws: VersionError.self) { try Version(text) }
    }

    @Test func aBadVersionNamesTheStringAndTheProblem() {
        #expect(throws: VersionError(text: "1..2", problem: "a component is empty")) { try Version("1..2") }
        let error = VersionError(text: "1.x", problem: "\"x\" is not a whole number")
        #expect(error.description == "invalid version \"1.x\": \"x\" is not a whole number")
    }

    @Test(arguments: [
        ("1.0.0", "2.0.0", UpdateKind?.some(.major)), ("1.9.0", "1.10.0", .minor), ("1.2.3", "1.2.4", .patch),
        ("1.2.3.4", "1.2.3.5", .revision), ("1.2", "1.2.0.1", .revision), ("2.0.0-beta.1", "2.0.0", .patch),
        ("2.0.0", "2.0.0", nil), ("2.0.0", "1.9.9", nil),
    ])
    func classifiesTheUpdate(current: String, latest: String, kind: UpdateKind?) throws {
        #expect(try Version(current).updateKind(to: Version(latest)) == kind)
    }
}

extension DetectedFinding {
    /// `os-dead-end`: users forced to a version their iOS cannot install.
    struct OSDeadEnd: Hashable {
        /// The version they are sent to, and the iOS it needs.
        let version: String
        let minimumOS: String
        /// The users' iOS.
        let os: String
        /// Where the minimum iOS comes from, as the message says it (empty: the lookup alone).
        let source: String
        let condition: String?
    }
}

extension PreflightGrid {
    func osDeadEnd(at cell: GridCell) -> DetectedFinding.OSDeadEnd? {
        guard let decided = self[cell], decided.report.decision == .forced, let served = view(cell).served,
              let servedVersion = view(cell).servedVersion, let os = rows[cell.row].os, let device = try? Version(os),
              let requirement = input.osRequirement(served: served, servedVersion: servedVersion, layer: decided.layer),
              let required = try? Version(requirement.minimumOS), device < required else { return nil }
        return DetectedFinding.OSDeadEnd(version: requirement.version, minimumOS: requirement.minimumOS, os: os, source: requirement.source,
                                         condition: decided.layer.cause(of: decided.report.reason).condition)
    }
}

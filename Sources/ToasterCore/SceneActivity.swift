/// The scene's activation state, as `UIScene.ActivationState` has it.
public enum SceneActivity: String, Sendable {
    case unattached
    case inactive
    case active
    case background
}

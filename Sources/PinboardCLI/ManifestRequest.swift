/// What a `pinboard manifest` command line asks for.
struct ManifestRequest: Equatable, Sendable {
    var sheet = ""
}

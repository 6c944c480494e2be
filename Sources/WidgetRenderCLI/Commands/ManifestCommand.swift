import ArgumentParser
import Foundation
import WidgetRender

/// `manifest`: work with output folders' manifests.
struct ManifestCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "manifest",
            abstract: "Work with output folders' manifest.json: merge the shards of a run.",
            subcommands: [MergeCommand.self])
    }

    init() {}

    /// `manifest merge`.
    struct MergeCommand: ParsableCommand {
        static var configuration: CommandConfiguration {
            let name = CommandName.current
            return CommandConfiguration(
                commandName: "merge",
                abstract: "Join the folders of `render --shard K/N` into the folder one run writes.",
                discussion: """
                    Copies every shard's images into --out and writes the manifest one run would \
                    have written: the same images, in the same order, with the same file names and \
                    SHA-256 digests. Every shard 1…N must be given once, from the same run (the \
                    same options and --now); each image's bytes are checked against its shard's \
                    manifest before it is copied.

                    Example:
                      for k in 1 2 3 4; do \(name) --family all --now 2026-01-01T09:00:00Z --shard $k/4 --out shard-$k; done
                      \(name) manifest merge shard-1 shard-2 shard-3 shard-4 --out Output
                    """)
        }

        @Argument(help: ArgumentHelp("The shards' output folders, in any order.", valueName: "dir"))
        var folders: [String]

        @Option(name: .customLong("out"), help: ArgumentHelp("Where the joined run goes.", valueName: "dir"))
        var out: String = "Output"

        init() {}

        func run() throws {
            try OutputFolder.check(out)
            let started = DispatchTime.now()
            do {
                let manifest = try ManifestMerge.merge(
                    folders.map { URL(fileURLWithPath: $0, isDirectory: true) }, into: try OutputFolder.url(out))
                Console.line(
                    "Merged \(folders.count) shard\(folders.count == 1 ? "" : "s"): \(manifest.images.count) image\(manifest.images.count == 1 ? "" : "s") in \(Console.seconds(since: started)) → \(out)"
                )
            } catch let error as WidgetRenderError {
                throw Console.fail(error)
            }
        }
    }
}

import Foundation
import Testing

/// Every Swift block in README.md is taken from `Examples/`, which `make test` compiles and
/// tests: a reader who copies a block copies code that builds.
@Suite struct ReadmeTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The lines that matter: trimmed, without blank lines.
    static func normalized(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
    }

    /// The ```swift blocks of a Markdown text.
    static func swiftBlocks(_ markdown: String) -> [String] {
        var blocks: [String] = []
        var current: [Substring]?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line.trimmingCharacters(in: .whitespaces) == "```swift" {
                current = []
            } else if current != nil, line.trimmingCharacters(in: .whitespaces) == "```" {
                blocks.append(current?.joined(separator: "\n") ?? "")
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    /// Every Swift file of Examples/, normalized.
    static func exampleFiles() throws -> [(path: String, lines: [String])] {
        let folder = root.appendingPathComponent("Examples")
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else {
            return []
        }
        var files: [(String, [String])] = []
        for case let url as URL in walker {
            if url.pathComponents.contains(".build") {
                walker.skipDescendants()
                continue
            }
            guard url.pathExtension == "swift" else { continue }
            files.append((url.path, normalized(try String(contentsOf: url, encoding: .utf8))))
        }
        return files
    }

    static func contains(_ haystack: [String], _ needle: [String]) -> Bool {
        guard !needle.isEmpty, needle.count <= haystack.count else { return needle.isEmpty }
        return (0...(haystack.count - needle.count)).contains { start in
            Array(haystack[start..<start + needle.count]) == needle
        }
    }

    /// CONTRIBUTING.md shows the whole of a modifier as its example of "one file": the block
    /// is that file's code (without its doc comments), so it cannot drift from it.
    @Test func contributingShowsRotationEffectAsItIs() throws {
        let guide = try String(contentsOf: Self.root.appendingPathComponent("CONTRIBUTING.md"), encoding: .utf8)
        let block = try #require(Self.swiftBlocks(guide).first { $0.contains("RotationEffect") })
        let source = try String(
            contentsOf: Self.root.appendingPathComponent("Sources/WidgetCore/View/Modifiers/RotationEffect.swift"),
            encoding: .utf8)
        let code = Self.normalized(source).filter { !$0.hasPrefix("//") && !$0.hasPrefix("import ") }
        #expect(code == Self.normalized(block), "CONTRIBUTING.md's RotationEffect block differs from the file")
    }

    @Test func everySwiftBlockIsInExamples() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let blocks = Self.swiftBlocks(readme)
        #expect(blocks.count >= 8, "the README's tutorial has its Swift blocks")
        let files = try Self.exampleFiles()
        #expect(files.count >= 10)
        for block in blocks {
            let lines = Self.normalized(block)
            #expect(
                files.contains { Self.contains($0.lines, lines) },
                "not found verbatim in Examples/: \(lines.first ?? "")")
        }
    }

    /// The Kubernetes Job in "Shards" is valid YAML for an Indexed Job whose pods each render
    /// their own shard of the same run: read with PyYAML (python3-yaml, which
    /// scripts/setup.sh installs), not run.
    @Test func theKubernetesJobRendersOneShardPerIndex() throws {
        let yaml = try #require(try Self.yamlBlock(containing: "kind: Job"))
        let check = """
            import json, re, sys, yaml
            job = yaml.safe_load(sys.stdin)
            spec = job["spec"]
            pod = spec["template"]["spec"]
            container = pod["containers"][0]
            line = " ".join(container["command"] + container["args"])
            shard = re.search(r"--shard \\$\\(\\(JOB_COMPLETION_INDEX\\+1\\)\\)/(\\d+)", line)
            print(json.dumps({
                "apiVersion": job["apiVersion"], "kind": job["kind"], "mode": spec["completionMode"],
                "completions": spec["completions"], "parallelism": spec["parallelism"],
                "restart": pod["restartPolicy"], "shards": int(shard.group(1)) if shard else None,
                "now": "--now " in line,
                "outPerShard": "--out /out/shard-$((JOB_COMPLETION_INDEX+1))" in line,
            }))
            """
        let fields = try Self.python(check, input: yaml)
        #expect(fields["apiVersion"] as? String == "batch/v1")
        #expect(fields["kind"] as? String == "Job")
        #expect(fields["mode"] as? String == "Indexed")
        #expect(fields["restart"] as? String == "Never")
        let completions = try #require(fields["completions"] as? Int)
        #expect(fields["shards"] as? Int == completions, "one shard per index: --shard K/\(completions)")
        #expect(fields["parallelism"] as? Int == completions)
        #expect(fields["now"] as? Bool == true, "every shard renders the same --now")
        #expect(fields["outPerShard"] as? Bool == true)
    }

    /// The README's ```yaml block that contains `text`.
    static func yamlBlock(containing text: String) throws -> String? {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        return readme.components(separatedBy: "```yaml\n").dropFirst().compactMap { part in
            part.components(separatedBy: "\n```").first
        }.first { $0.contains(text) }
    }

    /// Runs a Python check over `input` on stdin; it prints one JSON object.
    static func python(_ check: String, input: String) throws -> [String: Any] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", check]
        let stdin = Pipe()
        let output = Pipe()
        let errors = Pipe()
        process.standardInput = stdin
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let problem = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "python3 with PyYAML (apt install python3-yaml): \(problem)")
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// The Kubernetes Deployment and Service in "Serve it over HTTP" are valid YAML whose pods
    /// run `serve` reachable from the Service, with the token from a Secret (another host than
    /// the loopback needs one), probes on the port served, and time to end gracefully.
    @Test func theKubernetesDeploymentServesThroughItsService() throws {
        let yaml = try #require(try Self.yamlBlock(containing: "kind: Deployment"))
        let check = """
            import json, sys, yaml
            deployment, service = list(yaml.safe_load_all(sys.stdin))
            pod = deployment["spec"]["template"]
            container = pod["spec"]["containers"][0]
            args = container["args"]
            def after(flag): return args[args.index(flag) + 1] if flag in args else None
            env = {e["name"]: e.get("valueFrom", {}).get("secretKeyRef") for e in container.get("env", [])}
            print(json.dumps({
                "kinds": [deployment["apiVersion"] + "/" + deployment["kind"], service["apiVersion"] + "/" + service["kind"]],
                "replicas": deployment["spec"]["replicas"],
                "selectorMatches": deployment["spec"]["selector"]["matchLabels"].items() <= pod["metadata"]["labels"].items(),
                "serviceSelects": service["spec"]["selector"].items() <= pod["metadata"]["labels"].items(),
                "host": after("--host"), "port": after("--port"),
                "containerPorts": [p["containerPort"] for p in container["ports"]],
                "targetPorts": [p["targetPort"] for p in service["spec"]["ports"]],
                "probePorts": [container[p]["tcpSocket"]["port"] for p in ("readinessProbe", "livenessProbe")],
                "tokenFromSecret": env.get("WIDGETRENDER_TOKEN") is not None,
                "grace": pod["spec"].get("terminationGracePeriodSeconds"),
                "memoryLimit": container["resources"]["limits"]["memory"],
                "cacheSize": after("--cache-size"),
            }))
            """
        let fields = try Self.python(check, input: yaml)
        #expect(fields["kinds"] as? [String] == ["apps/v1/Deployment", "v1/Service"])
        #expect((fields["replicas"] as? Int ?? 0) >= 2, "instances behind the Service")
        #expect(fields["selectorMatches"] as? Bool == true)
        #expect(fields["serviceSelects"] as? Bool == true)
        #expect(fields["host"] as? String == "0.0.0.0")
        let port = try #require((fields["port"] as? String).flatMap(Int.init))
        #expect(fields["containerPorts"] as? [Int] == [port])
        #expect(fields["targetPorts"] as? [Int] == [port])
        #expect(fields["probePorts"] as? [Int] == [port, port])
        #expect(fields["tokenFromSecret"] as? Bool == true, "--host 0.0.0.0 needs a token")
        #expect((fields["grace"] as? Int ?? 0) >= 10)
        // The image cache fits under the memory limit with room for the renderers.
        let limit = try #require((fields["memoryLimit"] as? String).flatMap { Int($0.dropLast(2)) })
        let cache = try #require((fields["cacheSize"] as? String).flatMap(Int.init))
        #expect(cache + 128 <= limit)
    }

    @Test func theCheckCatchesABlockThatIsNotThere() throws {
        let files = try Self.exampleFiles()
        let invented = Self.normalized(
            "struct Invented: Widget {\n    var body: some WidgetConfiguration { fatalError() }\n}")
        #expect(!files.contains { Self.contains($0.lines, invented) })
    }
}

import Foundation
import WidgetCore
import WidgetLayout
import WidgetRender

/// `bench --screen LAYOUT`: a composed e-ink screen timed warm beside a medium widget, cold as a
/// process beside the default job, and beside headless Chromium then ImageMagick drawing the
/// same widgets from HTML, all in the same run.
extension Benchmark {
    /// One row of the screen benchmark.
    package struct ScreenRow: Sendable {
        /// What was timed.
        package var label: String
        /// Runs timed.
        package var runs: Int
        /// The median, in milliseconds.
        package var median: Double
        /// The 95th percentile.
        package var p95: Double
        /// The row this one is compared with, and the ratio of the medians (this ÷ that).
        package var comparedWith: String?
        package var ratio: Double?
        /// The image's size in bytes, when one was written.
        package var bytes: Int?
    }

    /// The warm rows: the screen rendered and encoded `iterations` times, and a medium widget of
    /// the first slot's kind on the default phone, alternating so both see the same machine.
    package func screenWarm(_ layout: ScreenLayout, device: DeviceProfile, encoder: any ImageEncoder)
        async throws(WidgetRenderError) -> [ScreenRow]
    {
        var screenRequest = batch.request(kind: "", family: .dashboardFull)
        screenRequest.device = device
        var widgetRequest = batch.request(kind: layout.slots[0].kind, family: .systemMedium)
        widgetRequest.device = .default
        // Untimed first runs: data read, caches warm.
        var bytes = 0
        for _ in 0..<3 {
            bytes = try await engine.render(layout, on: screenRequest, as: encoder).image?.data.count ?? 0
            _ = try await engine.render(widgetRequest)
        }
        var screenTimes: [Double] = []
        var widgetTimes: [Double] = []
        for _ in 0..<iterations {
            var start = DispatchTime.now()
            _ = try await engine.render(layout, on: screenRequest, as: encoder)
            screenTimes.append(Self.milliseconds(start, DispatchTime.now()))
            start = DispatchTime.now()
            _ = try await engine.render(widgetRequest)
            widgetTimes.append(Self.milliseconds(start, DispatchTime.now()))
        }
        let widgetLabel = "\(layout.slots[0].kind) medium (\(DeviceProfile.defaultID), PNG)"
        let screenMedian = Self.quantile(screenTimes, 0.5)
        let widgetMedian = Self.quantile(widgetTimes, 0.5)
        return [
            ScreenRow(
                label: "screen warm (\(device.id), \(encoder.format.name))", runs: iterations, median: screenMedian,
                p95: Self.quantile(screenTimes, 0.95), comparedWith: widgetLabel,
                ratio: widgetMedian > 0 ? screenMedian / widgetMedian : nil, bytes: bytes),
            ScreenRow(
                label: widgetLabel, runs: iterations, median: widgetMedian, p95: Self.quantile(widgetTimes, 0.95)),
        ]
    }

    /// Times `runs` runs of each command line (after two untimed ones), alternating them.
    package static func timeProcesses(_ commands: [[String]], runs: Int) throws -> [[Double]] {
        var times = [[Double]](repeating: [], count: commands.count)
        for attempt in 0..<(runs + 2) {
            for (index, command) in commands.enumerated() {
                let start = DispatchTime.now()
                let status = try spawnQuietly(command[0], Array(command.dropFirst()))
                let elapsed = milliseconds(start, DispatchTime.now())
                guard status == 0 else {
                    throw WidgetRenderError.internalError(
                        "bench --screen: `\(command.joined(separator: " "))` exited with \(status)")
                }
                if attempt >= 2 { times[index].append(elapsed) }
            }
        }
        return times
    }

    /// Runs a process with its output discarded; its exit status.
    static func spawnQuietly(_ path: String, _ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// The first of `names` found on `PATH`, or `nil`.
    static func tool(_ names: [String]) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for name in names {
            for folder in path.split(separator: ":") {
                let candidate = "\(folder)/\(name)"
                if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            }
        }
        return nil
    }

    /// The cold rows: `screen` as a process, the default job (`render`) as a process, and
    /// Chromium's screenshot of `html` then ImageMagick's 1-bit conversion, alternating.
    package static func screenCold(
        executable: String, layout: ScreenLayout, device: DeviceProfile, html: URL?, scratch: URL, runs: Int,
        now: String
    ) throws -> [ScreenRow] {
        let out = scratch.appendingPathComponent("screen-cold", isDirectory: true).path
        let (width, height) = (
            Int(device.screen.width) * device.scale, Int(device.screen.height) * device.scale
        )
        var commands: [[String]] = [
            [
                executable, "screen", "--device", device.id, "--layout", layout.description, "--now", now, "--out", out,
                "--quiet",
            ],
            [executable, "render", "--now", now, "--out", out + "-job", "--quiet"],
        ]
        var labels = ["screen cold (process)", "default job cold (render, process)"]
        var note: String?
        if let html, FileManager.default.fileExists(atPath: html.path),
            let chromium = tool(["chromium", "chromium-browser", "google-chrome"]),
            let convert = tool(["magick", "convert-im6.q16", "convert-im6", "convert"])
        {
            let shot = scratch.appendingPathComponent("chromium.png").path
            let onebit = scratch.appendingPathComponent("chromium-1bit.png").path
            let script = scratch.appendingPathComponent("chromium-then-imagemagick.sh")
            let body = """
                #!/bin/sh
                set -e
                '\(chromium)' --headless --no-sandbox --disable-gpu --hide-scrollbars --force-device-scale-factor=1 \
                  --window-size=\(width),\(height) --screenshot='\(shot)' 'file://\(html.path)' >/dev/null 2>&1
                '\(convert)' '\(shot)' -colorspace Gray -dither FloydSteinberg -monochrome -depth 1 'PNG8:\(onebit)'
                """
            try Data(body.utf8).write(to: script)
            commands.append(["/bin/sh", script.path])
            labels.append("Chromium then ImageMagick (same widgets as HTML)")
        } else {
            note =
                "Chromium then ImageMagick: not run (needs chromium, ImageMagick's convert and \(html?.path ?? "the HTML"))"
        }
        let times = try timeProcesses(commands, runs: runs)
        var rows = zip(labels, times).map { label, samples in
            ScreenRow(
                label: label, runs: samples.count, median: quantile(samples, 0.5), p95: quantile(samples, 0.95))
        }
        rows[0].comparedWith = labels[1]
        rows[0].ratio = rows[1].median > 0 ? rows[0].median / rows[1].median : nil
        if rows.count > 2 {
            rows[2].comparedWith = labels[0]
            rows[2].ratio = rows[0].median > 0 ? rows[2].median / rows[0].median : nil
        }
        if let note { rows.append(ScreenRow(label: note, runs: 0, median: 0, p95: 0)) }
        return rows
    }
}

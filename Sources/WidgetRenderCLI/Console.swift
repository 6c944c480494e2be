import ArgumentParser
import Foundation
import WidgetRender

#if canImport(Glibc)
    import Glibc
    private let systemWrite = Glibc.write
    private let systemExit: @Sendable (Int32) -> Never = Glibc.exit
#elseif canImport(Darwin)
    import Darwin
    private let systemWrite = Darwin.write
    private let systemExit: @Sendable (Int32) -> Never = Darwin.exit
#endif

/// Prints to stderr; colour only on a terminal and when `NO_COLOR` is unset.
///
/// Writes go straight to the file descriptor and a failed write is dropped: stderr closed
/// (`2>&-`), a full disk or a reader that went away (`| head -1`) never stops a run or changes
/// its exit code. (Foundation's `FileHandle.write` traps on such an error.)
package enum Console {
    /// What a command does first: a write to a pipe whose reader has gone fails with `EPIPE`
    /// instead of killing the process with `SIGPIPE`, so a run whose output is cut short
    /// still commits its folder and exits with its own code.
    static func prepareProcess() {
        signal(SIGPIPE, SIG_IGN)
    }

    /// Where results go (the paths of the files written): stdout, kept apart from what a
    /// provider prints once ``keepStdoutForResults()`` has run. Set once, before any work.
    nonisolated(unsafe) private static var resultDescriptor: Int32 = STDOUT_FILENO

    /// From here on, what the process writes to stdout (a provider's `print`, as tutorials
    /// write them) goes to stderr, and only ``result(_:)`` lines go to stdout: a script reading
    /// the paths of the files written never reads a provider's chatter between them.
    static func keepStdoutForResults() {
        fflush(nil)
        let saved = fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 3)
        guard saved >= 0 else { return }
        guard dup2(STDERR_FILENO, STDOUT_FILENO) >= 0 else {
            close(saved)
            return
        }
        resultDescriptor = saved
    }

    /// Writes one result line (a file's path) to stdout.
    static func result(_ line: String) {
        write(line + "\n", to: resultDescriptor)
    }

    /// Ends the process with a code, stdout's buffer flushed.
    static func exit(_ code: Int32) -> Never {
        fflush(nil)
        systemExit(code)
    }

    /// Writes text to stderr, all of it unless the write fails; a failure is ignored.
    static func write(_ text: String, to descriptor: Int32 = STDERR_FILENO) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { raw in
                systemWrite(descriptor, raw.baseAddress.map { $0 + offset }, raw.count - offset)
            }
            if written > 0 {
                offset += written
            } else if written < 0 && errno == EINTR {
                continue
            } else {
                return
            }
        }
    }
    static var stderrIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }
    static var useColor: Bool { stderrIsTerminal && ProcessInfo.processInfo.environment["NO_COLOR"] == nil }

    /// The text with control characters (C0, DEL, C1) written as `\u{1B}`, so a value echoed
    /// from the command line or a file cannot move the cursor, colour the terminal or break a
    /// line; with `keepingLines`, line breaks and tabs stay (a help text).
    static func escaped(_ text: String, keepingLines: Bool = false) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if keepingLines && (scalar == "\n" || scalar == "\t") {
                out.unicodeScalars.append(scalar)
            } else if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    static func error(_ message: String) {
        let prefix = useColor ? "\u{1B}[31merror:\u{1B}[0m" : "error:"
        write("\(prefix) \(escaped(message))\n")
    }

    package static func line(_ message: String) {
        write("\(message)\n")
    }

    /// One progress line: redrawn in place on a terminal, a plain line otherwise.
    static func progress(_ message: String) {
        if stderrIsTerminal {
            write("\r\u{1B}[2K\(message)")
        } else {
            line(message)
        }
    }

    static func endProgress() {
        if stderrIsTerminal { write("\r\u{1B}[2K") }
    }

    /// How many warnings are printed before the rest are counted (without `--all-warnings`).
    static var warningLimit: Int { 20 }

    /// Prints warnings, one line each, up to ``warningLimit`` unless `all`; the rest as a count.
    static func warnings(_ warnings: [RenderWarning], all: Bool) {
        self.warnings(warnings.map(\.message), all: all)
    }

    /// Prints notes, one line each, prefixed `note:`.
    package static func notes(_ notes: [String]) {
        for note in notes { line("note: \(note)") }
    }

    /// Prints warning lines, up to ``warningLimit`` unless `all`; the rest as a count.
    static func warnings(_ warnings: [String], all: Bool) {
        let shown = all ? warnings[...] : warnings.prefix(warningLimit)
        var text = ""
        for warning in shown { text += "warning: \(warning)\n" }
        if shown.count < warnings.count {
            let more = warnings.count - shown.count
            text +=
                "warning: … and \(more) more like these (\(warnings.count) in all; --all-warnings prints every one)\n"
        }
        write(text)
    }

    /// Reports a library error, in the command's words, and gives the exit code its kind maps to.
    package static func fail(_ error: WidgetRenderError) -> ExitCode {
        endProgress()
        var message = error.description
        if error.kind == .providerTimedOut { message += "; --provider-timeout sets the limit" }
        self.error(message)
        return exitCode(for: error.kind)
    }

    /// The sysexits code of an error's kind: the one place the library's kinds become exit codes.
    static func exitCode(for kind: WidgetRenderError.Kind) -> ExitCode {
        switch kind {
        case .invalidRequest: ExitCode(64)  // EX_USAGE
        case .badData: ExitCode(65)  // EX_DATAERR
        case .missingInput: ExitCode(66)  // EX_NOINPUT
        case .unavailable: ExitCode(69)  // EX_UNAVAILABLE
        case .cannotCreateOutput: ExitCode(73)  // EX_CANTCREAT
        case .cannotWriteOutput: ExitCode(74)  // EX_IOERR
        case .invalidBundle: ExitCode(78)  // EX_CONFIG
        case .cancelled: ExitCode(130)
        default: ExitCode(70)  // EX_SOFTWARE: internal errors, providers that time out or misbehave
        }
    }

    /// A path relative to the current folder when it is inside it.
    static func display(_ url: URL) -> String {
        let cwd = FileManager.default.currentDirectoryPath + "/"
        let path = url.standardizedFileURL.path
        return path.hasPrefix(cwd) ? String(path.dropFirst(cwd.count)) : path
    }

    /// `1.2 s` since `start`.
    static func seconds(since start: DispatchTime) -> String {
        String(format: "%.1f", Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9) + " s"
    }
}

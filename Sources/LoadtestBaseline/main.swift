import Hummingbird

/// `make loadtest`'s yardstick: the least a Hummingbird server does for a conditional request,
/// one route that answers a fixed 304, on 127.0.0.1 at the port given (default 18721). wrk asks
/// it in the same minutes as `widgetrender-server`'s 304s, so their ratio is the server's own
/// cost, not the machine's mood.
let port = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 18_721
let router = Router()
router.get("/fixed") { _, _ -> Response in
    var headers = HTTPFields()
    headers[.eTag] = "\"fixed\""
    return Response(status: .notModified, headers: headers)
}
let application = Application(
    router: router, configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: port)))
try await application.runService()

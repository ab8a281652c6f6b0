import Foundation
import HTTPTypes
import Hummingbird

/// What every request passes through before the routes and the site's files: the `Host` (a name
/// of this machine) and a POST's origin; and the headers every answer carries. SwiftNIO's parser
/// and `HeadGuard` have already bounded the head (the URL with it) and its time.
struct Checks<Context: RequestContext>: RouterMiddleware {
    /// Names of this machine the `Host` header may give besides an IP address and `localhost`.
    let hostNames: Set<String>

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        var response: Response
        if !Front.isAllowed(host: request.head.authority, names: hostNames) {
            response = Front.text(
                .misdirectedRequest, "This server answers only for its own addresses (the Host header named another).\n"
            )
        } else if request.method == .post && !Front.isSameOrigin(request) {
            response = Front.text(
                .forbidden,
                "Requests from another site's page are refused (Origin or Sec-Fetch-Site names another site).\n")
        } else {
            do {
                response = try await next(request, context)
            } catch let error as any HTTPResponseError {
                response = Front.text(error.status, "\(error.status.reasonPhrase).\n")
            }
        }
        for field in Front.headers where response.headers[field.name] == nil {
            response.headers.append(field)
        }
        return response
    }
}

/// The checks and answers the front's routes share.
enum Front {
    /// Whether `host` (the `Host` header: name or address, and port) names this server: an IPv4
    /// address, IPv6 loopback (`[::1]`), `localhost` or one of `names`. A page on another site
    /// cannot then reach the server through a name it controls (DNS rebinding).
    static func isAllowed(host: String?, names: Set<String>) -> Bool {
        guard let match = host?.lowercased().wholeMatch(of: /(.+?)(:[0-9]{1,5})?/) else { return false }
        let name = String(match.1)
        return name == "localhost" || name == "[::1]" || names.contains(name)
            || name.wholeMatch(of: /[0-9]{1,3}(\.[0-9]{1,3}){3}/) != nil
    }

    /// Whether a POST comes from the server's own pages: a browser names the page's origin
    /// (`Origin`) and how it relates to the target (`Sec-Fetch-Site`); another site's page is
    /// refused, so it cannot upload here. A client that sends neither (curl, a script) is let through.
    static func isSameOrigin(_ request: Request) -> Bool {
        let site = request.headers[HTTPField.Name("Sec-Fetch-Site")!]?.lowercased() ?? "none"
        guard site == "same-origin" || site == "none" else { return false }
        guard let origin = request.headers[HTTPField.Name("Origin")!]?.lowercased() else { return true }
        guard let host = request.head.authority?.lowercased() else { return false }
        return origin == "http://" + host || origin == "https://" + host
    }

    /// Writes a request body to a new file at `path`: false past `limit` bytes; a `Failure` that
    /// says why it cannot (a full disk, a missing folder), answered 507.
    static func save(_ body: RequestBody, to path: String, limit: Int) async throws -> Bool {
        let file = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard file >= 0 else { throw Failure("cannot make a file in its temporary folder") }
        defer { close(file) }
        var count = 0
        for try await var chunk in body {
            count += chunk.readableBytes
            guard count <= limit else { return false }
            while chunk.readableBytes > 0 {
                let written = chunk.withUnsafeReadableBytes { write(file, $0.baseAddress, $0.count) }
                guard written > 0 else {
                    throw Failure(errno == ENOSPC ? "no space left on its disk" : "a write failed")
                }
                chunk.moveReaderIndex(forwardBy: written)
            }
        }
        return true
    }

    /// The headers every answer carries (but those it sets itself): the page may load only the
    /// server's own script, images and styles.
    static let headers: HTTPFields = [
        .cacheControl: "no-cache", HTTPField.Name("X-Content-Type-Options")!: "nosniff",
        .contentSecurityPolicy:
            "default-src 'self'; img-src 'self' blob: data:; style-src 'self' 'unsafe-inline'; script-src 'self'; form-action 'none'; frame-ancestors 'none'"
    ]

    /// An answer of the front's own, never kept by a cache.
    static func text(_ status: HTTPResponse.Status, _ text: String, type: String = "text/plain; charset=utf-8")
        -> Response
    {
        Response(
            status: status, headers: [.contentType: type, .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    static func json(_ status: HTTPResponse.Status, _ fields: [String: String]) -> Response {
        let data = (try? JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys])) ?? Data("{}".utf8)
        return text(status, String(decoding: data, as: UTF8.self), type: "application/json")
    }
}

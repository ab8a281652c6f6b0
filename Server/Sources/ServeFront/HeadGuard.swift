import Foundation
import HTTPTypes
import NIOCore
import NIOHTTP1
import NIOHTTPTypes
import Synchronization

/// Time limits, connection caps and the 431 answer for one connection, right after SwiftNIO's
/// HTTP/1 parser (whose limits bound the head's size).
///
/// - A request head must arrive whole within `headTimeout` of the connection opening or of the
///   previous answer, and a body within `bodyTimeout` of its head, however it trickles; else the
///   connection is closed.
/// - At most `caps.total` connections are open at once, `caps.perAddress` from one address; one
///   more is closed at once. Each may hold two files (its socket and an upload's), so the caps
///   stay within the process's file limit: past it the front could accept no one.
/// - A head over the parser's limits is answered 431 as soon as the limit is crossed; the
///   connection then stops answering and closes once the client has sent what it had (or after
///   2 s), so that the client reads the answer rather than a reset.
final class HeadGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    let headTimeout = TimeAmount.seconds(HeadGuard.headSeconds), bodyTimeout = TimeAmount.seconds(120)
    /// The head's deadline in seconds: 10, or 1…10 from `EXPLORER_SERVE_HEAD_SECONDS` (a test's shorter wait).
    static let headSeconds: Int64 = {
        let asked = Int64(ProcessInfo.processInfo.environment["EXPLORER_SERVE_HEAD_SECONDS"] ?? "") ?? 10
        return min(max(asked, 1), 10)
    }()
    /// Most connections at once, and from one address: 512 and 256, fewer where the file limit
    /// (first raised to its hard limit, at most 65,536) leaves less than 64 files besides two each.
    static let caps: (total: Int, perAddress: Int) = {
        var limit = rlimit()
        let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
        guard getrlimit(resource, &limit) == 0 else { return (480, 240) }
        limit.rlim_cur = max(limit.rlim_cur, min(limit.rlim_max, 65536))
        if setrlimit(resource, &limit) != 0 { getrlimit(resource, &limit) }
        let total = max(2, min(512, (Int(clamping: limit.rlim_cur) - 64) / 2))
        return (total, max(1, total / 2))
    }()
    /// Open connections by address.
    static let open = Mutex<[String: Int]>([:])
    private var timer: Scheduled<Void>?
    private var refused = false
    private var address: String?

    func handlerAdded(context: ChannelHandlerContext) {
        let address = context.channel.remoteAddress?.ipAddress ?? "?"
        let admitted = Self.open.withLock { open in
            guard open.values.reduce(0, +) < Self.caps.total, open[address, default: 0] < Self.caps.perAddress
            else { return false }
            open[address, default: 0] += 1
            return true
        }
        guard admitted else { return context.close(promise: nil) }
        self.address = address
        arm(context, headTimeout)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        guard let address else { return }
        Self.open.withLock { $0[address] = $0[address, default: 1] > 1 ? $0[address]! - 1 : nil }
        self.address = nil
    }

    func channelInactive(context: ChannelHandlerContext) {
        timer?.cancel()
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !refused else { return }
        switch unwrapInboundIn(data) {
        case .head: arm(context, bodyTimeout)
        case .body: break
        case .end: timer?.cancel()
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data), !refused { arm(context, headTimeout) }
        context.write(data, promise: promise)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard let parse = error as? HTTPParserError else { return context.fireErrorCaught(error) }
        guard !refused else { return }
        refused = true
        let tooLarge: Bool
        if case .headerOverflow = parse { tooLarge = true } else { tooLarge = false }
        let text =
            tooLarge
            ? "The request's head is too large (URL and headers: at most 8 KiB each, 16 KiB in all).\n"
            : "The request is not valid HTTP/1.1.\n"
        let head = HTTPResponse(
            status: tooLarge ? .init(code: 431, reasonPhrase: "Request Header Fields Too Large") : .badRequest,
            headerFields: [
                .connection: "close", .contentType: "text/plain; charset=utf-8", .contentLength: String(text.utf8.count)
            ])
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.write(wrapOutboundOut(.body(context.channel.allocator.buffer(string: text))), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        context.close(mode: .output, promise: nil)
        arm(context, .seconds(2))
    }

    private func arm(_ context: ChannelHandlerContext, _ amount: TimeAmount) {
        timer?.cancel()
        let channel = context.channel
        timer = context.eventLoop.scheduleTask(in: amount) { channel.close(promise: nil) }
    }
}

import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import NIOCore
import NIOHTTP1
import NIOHTTPTypes

/// Time limits and the 431 answer for one connection, placed right after SwiftNIO's HTTP/1 parser.
///
/// - A request head must arrive whole within `headTimeout` of the connection opening or of the
///   previous answer, and a body whole within `bodyTimeout` of its head (however it trickles). A
///   connection that sends too slowly (or not at all) is closed, so it holds nothing of the server's.
/// - At most `maxConnections` connections are open at once, `maxPerAddress` of them from one
///   address; one more is closed at once. Each may hold two files (its socket and an upload's
///   file), so the caps stay within the process's file limit (`FileLimit`): past that limit the
///   front could accept no one, and every client would wait.
/// - A head over the parser's limits (`maxHeaderFieldSize`, `maxHeaderListSize`: the URL counts
///   as a field) is answered 431 as soon as the limit is crossed, not after the whole head: the
///   parser stops there, the connection stops answering and closes after the client has sent what
///   it had (or after `drainTimeout`).
/// - A client that closes its side of the connection is gone: `ClientWatch` tells the request
///   waiting on that connection (Hummingbird allows half-closed connections, so the channel
///   itself stays open until the answer is written).
final class HeadGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    let headTimeout: TimeAmount
    let bodyTimeout: TimeAmount
    let drainTimeout: TimeAmount
    /// Most connections open at once, and from one address: 512 and 256, fewer where the file
    /// limit is low.
    static let (maxConnections, maxPerAddress) = FileLimit.connectionCaps(files: FileLimit.raised)
    private var timer: Scheduled<Void>?
    private var refused = false
    private var counted: String?

    init(headTimeout: TimeAmount, bodyTimeout: TimeAmount, drainTimeout: TimeAmount = .seconds(2)) {
        self.headTimeout = headTimeout
        self.bodyTimeout = bodyTimeout
        self.drainTimeout = drainTimeout
    }

    func handlerAdded(context: ChannelHandlerContext) {
        ClientWatch.shared.open(context.channel)
        let address = context.channel.remoteAddress?.ipAddress ?? "?"
        guard ConnectionCount.shared.open(address, limit: Self.maxConnections, perAddress: Self.maxPerAddress) else {
            context.close(promise: nil)
            return
        }
        counted = address
        if context.channel.isActive { arm(context, headTimeout) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        ClientWatch.shared.gone(context.channel)
        if let counted { ConnectionCount.shared.close(counted) }
        counted = nil
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case ChannelEvent.inputClosed = event { ClientWatch.shared.gone(context.channel) }
        context.fireUserInboundEventTriggered(event)
    }

    func channelActive(context: ChannelHandlerContext) {
        arm(context, headTimeout)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        ClientWatch.shared.gone(context.channel)
        timer?.cancel()
        timer = nil
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !refused else { return }
        switch unwrapInboundIn(data) {
        case .head: arm(context, bodyTimeout)
        case .body: break
        case .end: disarm()
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data), !refused { arm(context, headTimeout) }
        context.write(data, promise: promise)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard let parse = error as? HTTPParserError else {
            context.fireErrorCaught(error)
            return
        }
        guard !refused else { return }
        refused = true
        let tooLarge: Bool
        if case .headerOverflow = parse { tooLarge = true } else { tooLarge = false }
        let text =
            tooLarge
            ? "The request's head is too large (URL and headers: at most 8 KiB each, 16 KiB in all).\n"
            : "The request is not valid HTTP/1.1.\n"
        var body = context.channel.allocator.buffer(capacity: text.utf8.count)
        body.writeString(text)
        let status: HTTPResponse.Status =
            tooLarge ? .init(code: 431, reasonPhrase: "Request Header Fields Too Large") : .badRequest
        let head = HTTPResponse(
            status: status,
            headerFields: [
                .connection: "close", .contentType: "text/plain; charset=utf-8", .contentLength: String(text.utf8.count)
            ])
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.write(wrapOutboundOut(.body(body)), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        // Closing at once would reset the connection under a client still sending its head, and it
        // might never read the answer: stop writing, and close after the client is done.
        context.close(mode: .output, promise: nil)
        let channel = context.channel
        timer?.cancel()
        timer = context.eventLoop.scheduleTask(in: drainTimeout) { channel.close(promise: nil) }
    }

    private func arm(_ context: ChannelHandlerContext, _ amount: TimeAmount) {
        timer?.cancel()
        let channel = context.channel
        timer = context.eventLoop.scheduleTask(in: amount) { channel.close(promise: nil) }
    }

    private func disarm() {
        timer?.cancel()
        timer = nil
    }
}

/// How many connections are open, in all and by address.
final class ConnectionCount: @unchecked Sendable {
    static let shared = ConnectionCount()
    private let lock = NSLock()
    private var total = 0
    private var byAddress: [String: Int] = [:]

    /// Counts a new connection from `address`; false (not counted) when it would pass a limit.
    func open(_ address: String, limit: Int, perAddress: Int) -> Bool {
        lock.withLock {
            guard total < limit, byAddress[address, default: 0] < perAddress else { return false }
            total += 1
            byAddress[address, default: 0] += 1
            return true
        }
    }

    func close(_ address: String) {
        lock.withLock {
            total -= 1
            byAddress[address, default: 1] -= 1
            if byAddress[address] == 0 { byAddress[address] = nil }
        }
    }
}

/// Which connections' clients have gone, and what to do when one goes.
final class ClientWatch: @unchecked Sendable {
    static let shared = ClientWatch()
    private let lock = NSLock()
    private var watched: [ObjectIdentifier: [@Sendable () -> Void]] = [:]

    func open(_ channel: any Channel) {
        lock.withLock { watched[ObjectIdentifier(channel)] = [] }
    }

    /// Runs `action` when the client of `channel` goes (at once if it has gone already).
    func onGone(_ channel: any Channel, _ action: @escaping @Sendable () -> Void) {
        let now: Bool = lock.withLock {
            guard watched[ObjectIdentifier(channel)] != nil else { return true }
            watched[ObjectIdentifier(channel)]!.append(action)
            return false
        }
        if now { action() }
    }

    /// Forgets what waited on `channel`'s requests that have been answered.
    func answered(_ channel: any Channel) {
        lock.withLock {
            if watched[ObjectIdentifier(channel)] != nil { watched[ObjectIdentifier(channel)] = [] }
        }
    }

    func gone(_ channel: any Channel) {
        let actions = lock.withLock { watched.removeValue(forKey: ObjectIdentifier(channel)) ?? [] }
        for action in actions { action() }
    }
}

/// The number of files the front may have open, and the connections that leaves room for.
enum FileLimit {
    /// Files the front keeps besides its connections (standard streams, the event loops, the pipes
    /// to the lesson server), with room to spare.
    static let reserved = 64

    /// The soft limit on open files, first raised to the hard limit (at most 65,536): many systems
    /// start a process at 1,024, which 512 connections holding uploads would exceed.
    static let raised: Int = {
        var limit = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 1024 }
        let wanted = min(limit.rlim_max, 65536)
        if limit.rlim_cur < wanted {
            var higher = limit
            higher.rlim_cur = wanted
            if setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &higher) == 0 { limit = higher }
        }
        return Int(clamping: limit.rlim_cur)
    }()

    /// At most 512 connections, 256 from one address, and two files each within `files` less
    /// `reserved`.
    static func connectionCaps(files: Int) -> (total: Int, perAddress: Int) {
        let total = max(2, min(512, (files - reserved) / 2))
        return (total, max(1, total / 2))
    }
}

package dev.overtone.executor.repository;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPipeline;
import java.util.function.Supplier;

/**
 * Holds a PostgreSQL connection's flushes while one event-loop task queues several commands, then flushes once: the
 * call's set-up and its statement reach the socket in one write instead of one write each. The client writes and
 * flushes every command as it is queued (its encoder buffers a command's messages until that flush), so without this
 * the set-up's simple query and the statement's Bind/Execute/Sync leave as two writes, and the server wakes for each.
 * Sits between the client's codec and the socket; nothing is held outside {@link #together}, and never past it.
 */
final class HeldFlushes extends ChannelOutboundHandlerAdapter {
    static final String NAME = "overtone-held-flushes";
    /** The pg client's codec handler: this one goes between it and the socket. */
    private static final String CODEC = "codec";

    private boolean holding;
    private boolean flushHeld;
    private ChannelHandlerContext context;

    /** This connection's handler, added on first use; null when the pipeline is not the pg client's. */
    static HeldFlushes on(ChannelPipeline pipeline) {
        HeldFlushes held = pipeline.get(HeldFlushes.class);
        if (held == null && pipeline.get(CODEC) != null && pipeline.channel().eventLoop().inEventLoop()) {
            held = new HeldFlushes();
            pipeline.addBefore(CODEC, NAME, held);
        }
        return held;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        this.context = ctx;
    }

    @Override
    public void flush(ChannelHandlerContext ctx) {
        if (holding) {
            flushHeld = true;
        } else {
            ctx.flush();
        }
    }

    /**
     * Runs {@code commands} (which queue commands on this connection) with the flushes held, then flushes once. Off
     * the connection's event loop, or nested, it only runs them.
     */
    <T> T together(Supplier<T> commands) {
        if (context == null || holding || !context.executor().inEventLoop()) {
            return commands.get();
        }
        holding = true;
        try {
            return commands.get();
        } finally {
            holding = false;
            if (flushHeld) {
                flushHeld = false;
                context.flush();
            }
        }
    }
}

package dev.overtone.executor.repository;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.embedded.EmbeddedChannel;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Commands queued together reach the socket in one flush; nothing is held outside {@code together}. */
class HeldFlushesTest {
    /** Counts the flushes that pass it on their way to the socket, and what each flush carried. */
    private static final class SocketFlushes extends ChannelOutboundHandlerAdapter {
        private final List<Integer> writesPerFlush = new ArrayList<>();
        private int writes;

        @Override
        public void write(ChannelHandlerContext ctx, Object msg, io.netty.channel.ChannelPromise promise) {
            writes++;
            ctx.write(msg, promise);
        }

        @Override
        public void flush(ChannelHandlerContext ctx) {
            writesPerFlush.add(writes);
            writes = 0;
            ctx.flush();
        }
    }

    private final SocketFlushes socket = new SocketFlushes();
    private final EmbeddedChannel channel = new EmbeddedChannel(socket);

    private HeldFlushes held() {
        channel.pipeline().addLast("codec", new ChannelOutboundHandlerAdapter());
        HeldFlushes held = HeldFlushes.on(channel.pipeline());
        assertThat(held).isNotNull();
        assertThat(HeldFlushes.on(channel.pipeline())).as("added once per connection").isSameAs(held);
        return held;
    }

    @Test
    void commandsQueuedTogetherLeaveInOneFlush() {
        HeldFlushes held = held();
        held.together(() -> {
            channel.writeAndFlush("BEGIN READ ONLY; SET LOCAL ...");
            channel.writeAndFlush("Bind/Execute/Sync");
            assertThat(socket.writesPerFlush).as("nothing flushed while the commands are queued").isEmpty();
            return null;
        });
        assertThat(socket.writesPerFlush).containsExactly(2);
        assertThat((Object) channel.readOutbound()).isEqualTo("BEGIN READ ONLY; SET LOCAL ...");
        assertThat((Object) channel.readOutbound()).isEqualTo("Bind/Execute/Sync");
    }

    @Test
    void outsideTogetherEveryFlushPasses() {
        HeldFlushes held = held();
        held.together(() -> channel.writeAndFlush("set-up"));
        channel.writeAndFlush("a later fetch");
        channel.writeAndFlush("the reset");
        assertThat(socket.writesPerFlush).containsExactly(1, 1, 1);
    }

    @Test
    void aFailureWhileQueueingStillFlushesWhatWasQueued() {
        HeldFlushes held = held();
        assertThatThrownBy(() -> held.together(() -> {
            channel.writeAndFlush("set-up");
            throw new IllegalStateException("the work failed to start");
        })).isInstanceOf(IllegalStateException.class);
        assertThat(socket.writesPerFlush).containsExactly(1);
    }

    @Test
    void nestedTogetherFlushesOnceAtTheOuterEnd() {
        HeldFlushes held = held();
        held.together(() -> {
            channel.writeAndFlush("set-up");
            held.together(() -> channel.writeAndFlush("statement"));
            assertThat(socket.writesPerFlush).isEmpty();
            return null;
        });
        assertThat(socket.writesPerFlush).containsExactly(2);
    }

    @Test
    void aPipelineWithoutThePgCodecIsLeftAlone() {
        assertThat(HeldFlushes.on(channel.pipeline())).isNull();
        assertThat(channel.pipeline().get(HeldFlushes.NAME)).isNull();
    }
}

package dev.overtone.runtime.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;

/** A port no one listens on now, for a server a test starts: two test runs on one machine do not collide on it. */
public final class FreePort {
    private FreePort() {
    }

    /** A port the system just handed out and took back (free until someone else binds it). */
    public static int take() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("no free local port", e);
        }
    }
}

package dev.overtone.executor.bench;

import dev.overtone.executor.config.ExecutorConfig;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Proxy;

/** An engine configuration that remembers nothing between calls (no shapes, no kept statements): the way before. */
final class RememberingNothing {
    private RememberingNothing() {
    }

    /** The configuration with nothing remembered by the engines: the statement runs as it did before they did. */
    static ExecutorConfig of(ExecutorConfig config) {
        ExecutorConfig.Sqlite sqlite = override(ExecutorConfig.Sqlite.class, config.sqlite(), "preparedPerConnection");
        ExecutorConfig.PgPool pool = override(ExecutorConfig.PgPool.class, config.pool(), "preparedPerConnection");
        InvocationHandler handler = (proxy, method, args) -> switch (method.getName()) {
            case "shapeCacheSize" -> 0;
            case "sqlite" -> sqlite;
            case "pool" -> pool;
            default -> method.invoke(config, args);
        };
        return (ExecutorConfig) Proxy.newProxyInstance(RememberingNothing.class.getClassLoader(),
                new Class<?>[] {ExecutorConfig.class}, handler);
    }

    /**
     * The configuration with no statement kept prepared on a PostgreSQL connection (and DISCARD ALL as the reset),
     * shapes still remembered: the PostgreSQL engine as it was before it kept statements.
     */
    static ExecutorConfig keepingNoStatements(ExecutorConfig config) {
        ExecutorConfig.PgPool pool = override(ExecutorConfig.PgPool.class, config.pool(), "preparedPerConnection");
        InvocationHandler handler = (proxy, method, args) -> method.getName().equals("pool") ? pool
                : method.invoke(config, args);
        return (ExecutorConfig) Proxy.newProxyInstance(RememberingNothing.class.getClassLoader(),
                new Class<?>[] {ExecutorConfig.class}, handler);
    }

    /** {@code target} with the int method {@code zeroed} answering 0. */
    private static <T> T override(Class<T> type, T target, String zeroed) {
        InvocationHandler handler = (proxy, method, args) -> method.getName().equals(zeroed) ? 0
                : method.invoke(target, args);
        return type.cast(Proxy.newProxyInstance(RememberingNothing.class.getClassLoader(), new Class<?>[] {type},
                handler));
    }
}

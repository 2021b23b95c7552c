package dev.overtone.executor.support;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.Map;

/** A configuration group that answers {@code values} for the methods they name and the real group's values otherwise. */
public final class Overridden {
    private Overridden() {
    }

    public static <T> T of(Class<T> group, T real, Map<String, Object> values) {
        return group.cast(Proxy.newProxyInstance(group.getClassLoader(), new Class<?>[] {group}, (proxy, method, args) -> {
            if (values.containsKey(method.getName())) {
                return values.get(method.getName());
            }
            try {
                return method.invoke(real, args);
            } catch (InvocationTargetException e) {
                throw e.getCause();
            }
        }));
    }
}

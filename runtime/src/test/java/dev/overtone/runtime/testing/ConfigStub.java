package dev.overtone.runtime.testing;

import java.lang.reflect.Proxy;
import java.util.Map;

/**
 * A configuration group for a unit test without Quarkus: each method named in {@code values} answers its
 * value, any other throws, so a test cannot lean on a setting it did not write down.
 */
public final class ConfigStub {
    private ConfigStub() {
    }

    public static <T> T of(Class<T> group, Map<String, Object> values) {
        return group.cast(Proxy.newProxyInstance(group.getClassLoader(), new Class<?>[] {group}, (proxy, method, args) -> {
            if (method.getName().equals("toString") && method.getParameterCount() == 0) {
                return group.getSimpleName() + values;
            }
            if (!values.containsKey(method.getName())) {
                throw new UnsupportedOperationException(group.getSimpleName() + "." + method.getName() + " is not set in this test");
            }
            return values.get(method.getName());
        }));
    }
}

package dev.overtone.clarify.repository;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import java.util.Map;

/** JSON text columns: lists of strings, ints, and lists of maps. Plain JDK types only (native-safe). */
public final class JsonColumns {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private JsonColumns() {
    }

    public static String write(Object value) {
        try {
            return MAPPER.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot encode " + value, e);
        }
    }

    public static List<String> strings(String json) {
        return read(json, new TypeReference<>() { });
    }

    public static int[] ints(String json) {
        return read(json, new TypeReference<int[]>() { });
    }

    public static List<Map<String, Object>> maps(String json) {
        return read(json, new TypeReference<>() { });
    }

    private static <T> T read(String json, TypeReference<T> type) {
        try {
            return MAPPER.readValue(json, type);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("stored JSON is damaged: " + json, e);
        }
    }
}

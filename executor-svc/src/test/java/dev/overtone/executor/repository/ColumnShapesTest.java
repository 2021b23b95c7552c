package dev.overtone.executor.repository;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.executor.service.TenantDatabase;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The result shapes remembered per database and text, bounded, and none with a size of 0. */
class ColumnShapesTest {
    private static final TenantDatabase HOTELS = TenantDatabase.sqlite("acme", "hotels", Path.of("hotels.sqlite"));
    private static final TenantDatabase SHOPS = TenantDatabase.sqlite("acme", "shops", Path.of("shops.sqlite"));
    private static final ColumnShapes.Shape NAME = new ColumnShapes.Shape(List.of("name"), List.of("TEXT"));

    @Test
    void aShapeIsRememberedForItsDatabaseAndTextOnly() {
        ColumnShapes shapes = new ColumnShapes(10, 4096);
        shapes.put(HOTELS, "SELECT name FROM t", NAME);
        assertThat(shapes.get(HOTELS, "SELECT name FROM t")).isEqualTo(NAME);
        assertThat(shapes.get(SHOPS, "SELECT name FROM t")).isNull();
        assertThat(shapes.get(HOTELS, "SELECT name FROM t ")).isNull();
    }

    @Test
    void theShapeIsACopyOfItsLists() {
        List<String> names = new java.util.ArrayList<>(List.of("name"));
        ColumnShapes.Shape shape = new ColumnShapes.Shape(names, List.of("TEXT"));
        names.add("city");
        assertThat(shape.names()).containsExactly("name");
    }

    @Test
    void atTheBoundTheShapesAreDroppedBeforeTheNewOneIsKept() {
        ColumnShapes shapes = new ColumnShapes(2, 4096);
        shapes.put(HOTELS, "a", NAME);
        shapes.put(HOTELS, "b", NAME);
        shapes.put(HOTELS, "c", NAME);
        assertThat(shapes.size()).isEqualTo(1);
        assertThat(shapes.get(HOTELS, "c")).isEqualTo(NAME);
        assertThat(shapes.get(HOTELS, "a")).isNull();
    }

    @Test
    void theShapeOfATextLongerThanTheRememberedLengthIsNotRemembered() {
        ColumnShapes shapes = new ColumnShapes(10, "SELECT 1".length());
        shapes.put(HOTELS, "SELECT 1", NAME);
        shapes.put(HOTELS, "SELECT 10", NAME);
        assertThat(shapes.get(HOTELS, "SELECT 1")).isEqualTo(NAME);
        assertThat(shapes.get(HOTELS, "SELECT 10")).isNull();
        assertThat(shapes.size()).isEqualTo(1);
    }

    @Test
    void withASizeOfZeroNothingIsRemembered() {
        ColumnShapes shapes = new ColumnShapes(0, 4096);
        shapes.put(HOTELS, "a", NAME);
        assertThat(shapes.size()).isZero();
        assertThat(shapes.get(HOTELS, "a")).isNull();
    }
}

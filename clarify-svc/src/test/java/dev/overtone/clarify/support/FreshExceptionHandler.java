package dev.overtone.clarify.support;

import io.quarkus.grpc.stubs.ServerCalls;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Singleton;

import java.lang.reflect.Field;

/**
 * Test-only. quarkus-grpc's Mutiny server calls keep the exception handler they looked up first in a static field
 * ({@code ServerCalls.ehp}) of a class the test runner shares between the applications it starts. A test class that
 * runs after the application was restarted for another profile then gets its failures turned into statuses by the
 * first application's handler, whose status table does not know this application's exception classes: every coded
 * failure came back INTERNAL. Clearing the field when an application starts makes each look up its own handler. A
 * deployed service starts one application, with the field still empty, so this lives in the tests only.
 */
@Singleton
public class FreshExceptionHandler {

    void onStart(@Observes StartupEvent event) throws ReflectiveOperationException {
        Field handler = ServerCalls.class.getDeclaredField("ehp");
        handler.setAccessible(true);
        handler.set(null, null);
    }
}

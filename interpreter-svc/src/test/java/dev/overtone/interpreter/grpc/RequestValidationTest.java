package dev.overtone.interpreter.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.overtone.interpreter.config.InterpreterConfig;
import dev.overtone.proto.v1.CallerDefault;
import dev.overtone.proto.v1.InterpretOptions;
import dev.overtone.proto.v1.InterpretRequest;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Each request that cannot mean anything is INVALID_ARGUMENT with a message that says what to send instead. */
class RequestValidationTest {

    private static final InterpreterConfig.Limits LIMITS = new InterpreterConfig.Limits() {
        @Override
        public int maxDefaults() {
            return 3;
        }

        @Override
        public int maxQuestionLength() {
            return 20;
        }

        @Override
        public int maxDefaultLength() {
            return 30;
        }
    };

    private static InterpretRequest.Builder valid() {
        return InterpretRequest.newBuilder().setQuestion("best rated hotels").setTenant("demo").setDatabase("hotels")
                .addDefaults(CallerDefault.newBuilder().setSql("SELECT name FROM hotels"));
    }

    private static void assertRefused(InterpretRequest.Builder request, String... messageParts) {
        assertThatThrownBy(() -> RequestValidation.check(request.build(), LIMITS))
                .isInstanceOfSatisfying(StatusRuntimeException.class, e -> {
                    assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
                    assertThat(e.getStatus().getDescription()).contains(messageParts);
                });
    }

    @Test
    void aWellFormedRequestPassesAtEveryLimit() {
        assertThatCode(() -> RequestValidation.check(valid().build(), LIMITS)).doesNotThrowAnyException();
        InterpretRequest atTheLimits = valid().setQuestion("x".repeat(20)).clearDefaults()
                .addDefaults(CallerDefault.newBuilder().setSql("s".repeat(30)))
                .addDefaults(CallerDefault.newBuilder().setText("t".repeat(30)))
                .addDefaults(CallerDefault.newBuilder().setSql("SELECT 1"))
                .setOptions(InterpretOptions.newBuilder().setPreviewRows(1000)).build();
        assertThatCode(() -> RequestValidation.check(atTheLimits, LIMITS)).doesNotThrowAnyException();
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "   ", "\n\t"})
    void aBlankQuestionIsRefused(String question) {
        assertRefused(valid().setQuestion(question), "question is empty");
    }

    @Test
    void aQuestionOverTheLimitIsRefusedNamingTheKnob() {
        assertRefused(valid().setQuestion("x".repeat(21)), "21 characters", "the limit is 20",
                "overtone.interpreter.limits.max-question-length");
    }

    @Test
    void moreDefaultsThanTheBoundAreRefusedNamingTheKnob() {
        InterpretRequest.Builder request = valid();
        for (int i = 0; i < 3; i++) {
            request.addDefaults(CallerDefault.newBuilder().setSql("SELECT " + i));
        }
        assertRefused(request, "4 caller defaults", "the limit is 3", "overtone.interpreter.limits.max-defaults");
    }

    @Test
    void anOversizedDefaultIsRefusedByItsPositionWhetherSqlOrText() {
        assertRefused(valid().addDefaults(CallerDefault.newBuilder().setSql("s".repeat(31))), "caller default 2",
                "31 characters", "max-default-length");
        assertRefused(valid().addDefaults(CallerDefault.newBuilder().setText("t".repeat(31))), "caller default 2");
    }

    @Test
    void tenantAndDatabaseAreRequiredAndMustBeNames() {
        assertRefused(valid().setTenant(""), "tenant and database are required");
        assertRefused(valid().setDatabase(" "), "tenant and database are required");
        for (String bad : new String[] {"Demo", "de mo", "-demo", "demo;drop", "../x"}) {
            assertRefused(valid().setTenant(bad), "tenant and database names match", bad);
            assertRefused(valid().setDatabase(bad), "tenant and database names match", bad);
        }
        assertThatCode(() -> RequestValidation.check(valid().setTenant("t-1_a").setDatabase("0db").build(), LIMITS))
                .doesNotThrowAnyException();
    }

    @Test
    void previewRowsOutsideZeroToAThousandAreRefused() {
        assertRefused(valid().setOptions(InterpretOptions.newBuilder().setPreviewRows(-1)), "preview_rows", "got -1");
        assertRefused(valid().setOptions(InterpretOptions.newBuilder().setPreviewRows(1001)), "preview_rows", "got 1001");
        assertThatCode(() -> RequestValidation.check(valid().setOptions(InterpretOptions.newBuilder().setPreviewRows(0))
                .build(), LIMITS)).doesNotThrowAnyException();
    }

    @Test
    void aFamilyTheContractDoesNotNameIsRefusedNamingTheFamilies() {
        assertRefused(valid().setOptions(InterpretOptions.newBuilder().addFamilies("column").addFamilies("colum")),
                "\"colum\"", "attachment, scope, column, table, join, aggregate, projection, combination");
        assertRefused(valid().setOptions(InterpretOptions.newBuilder().addFamilies("Column")), "\"Column\"");
        assertThatCode(() -> RequestValidation.check(valid().setOptions(InterpretOptions.newBuilder().addFamilies("scope")
                .addFamilies("combination")).build(), LIMITS)).doesNotThrowAnyException();
    }
}

package dev.overtone.executor.service;

import dev.overtone.executor.config.ExecutorConfig;
import dev.overtone.executor.config.DatabaseSettings;
import io.quarkus.runtime.Startup;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.io.IOException;
import java.io.Reader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.regex.Pattern;
import org.jboss.logging.Logger;

/**
 * Tenants → databases → engine and connection. Read from application.properties and from every
 * {@code *.properties} file of the tenants directory; the directory is scanned again when a lookup
 * misses, so a file dropped there is usable without a restart.
 */
@Startup
@ApplicationScoped
public class TenantRegistry {
    private static final Logger LOG = Logger.getLogger(TenantRegistry.class);
    public static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9_-]*");
    private static final Pattern SCHEMA = Pattern.compile("[a-z_][a-z0-9_]*");
    private static final long RESCAN_INTERVAL_NANOS = 500_000_000L;
    /** Tenant names the executor keeps for its own databases ({@link #addInternal}): never configurable. */
    private static final String RESERVED_PREFIX = "overtone-";

    private final ExecutorConfig config;
    private final Function<String, String> environment;
    private final Map<String, TenantDatabase> internal = new HashMap<>(); // touched only in synchronized methods
    private volatile Map<String, Map<String, TenantDatabase>> tenants = Map.of();
    private volatile long lastScan;

    @Inject
    public TenantRegistry(ExecutorConfig config) {
        this(config, System::getenv);
    }

    TenantRegistry(ExecutorConfig config, Function<String, String> environment) {
        this.config = config;
        this.environment = environment;
        reload();
    }

    /** The database, or NOT_FOUND / INVALID_ARGUMENT with a message naming what is missing. */
    public TenantDatabase lookup(String tenant, String database) {
        if (tenant == null || !NAME.matcher(tenant).matches()) {
            throw SandboxException.invalid("tenant must match " + NAME.pattern() + ", got '" + printable(tenant) + "'");
        }
        if (database == null || !NAME.matcher(database).matches()) {
            throw SandboxException.invalid("database must match " + NAME.pattern() + ", got '" + printable(database) + "'");
        }
        TenantDatabase found = find(tenant, database);
        if (found == null && System.nanoTime() - lastScan > RESCAN_INTERVAL_NANOS) {
            reload();
            found = find(tenant, database);
        }
        if (found != null) {
            return found;
        }
        Map<String, TenantDatabase> databases = tenants.get(tenant);
        if (databases == null) {
            throw unknownTenant(tenant);
        }
        throw SandboxException.notFound("tenant '" + tenant + "' has no database '" + database + "' (it has "
                + String.join(", ", new TreeSet<>(databases.keySet())) + ")");
    }

    /** What a lookup of a tenant that does not exist answers. */
    public static SandboxException unknownTenant(String tenant) {
        return SandboxException.notFound("unknown tenant '" + tenant + "'");
    }

    /** Every registered database, for health reporting. */
    public Iterable<TenantDatabase> all() {
        return tenants.values().stream().flatMap(m -> m.values().stream()).sorted(
                (a, b) -> a.key().compareTo(b.key())).toList();
    }

    /** The tenants' databases: the executor's own ({@link #addInternal}) are not counted. */
    public int size() {
        return tenants.entrySet().stream().filter(tenant -> !reserved(tenant.getKey()))
                .mapToInt(tenant -> tenant.getValue().size()).sum();
    }

    private TenantDatabase find(String tenant, String database) {
        Map<String, TenantDatabase> databases = tenants.get(tenant);
        return databases == null ? null : databases.get(database);
    }

    /** Reads application.properties tenants and the tenants directory again. */
    public synchronized void reload() {
        Map<String, Map<String, TenantDatabase>> loaded = new TreeMap<>();
        config.tenants().forEach((tenant, databases) -> databases.forEach((name, settings) ->
                register(loaded, tenant, name, Entry.of(settings), "application.properties")));
        scanDirectory(loaded);
        internal.values().forEach(d -> loaded.computeIfAbsent(d.tenant(), t -> new TreeMap<>()).put(d.name(), d));
        int before = size();
        tenants = loaded;
        lastScan = System.nanoTime();
        if (size() != before) {
            LOG.infof("tenant registry: %d databases of %d tenants", size(), loaded.size());
        }
    }

    /** Whether {@code tenant} is a name the executor keeps for its own databases. */
    public static boolean reserved(String tenant) {
        return tenant != null && tenant.startsWith(RESERVED_PREFIX);
    }

    /**
     * A database of the executor's own (its warm-up's, under a {@link #reserved} tenant name), kept over every reload
     * until {@link #removeInternal}.
     */
    public synchronized void addInternal(TenantDatabase database) {
        if (!reserved(database.tenant())) {
            throw new IllegalArgumentException("an internal database needs a reserved tenant name, got " + database.tenant());
        }
        internal.put(database.key(), database);
        reload();
    }

    /** Takes back a database of the executor's own ({@link #addInternal}) once its user is done with it. */
    public synchronized void removeInternal(TenantDatabase database) {
        if (internal.remove(database.key()) != null) {
            reload();
        }
    }

    private void scanDirectory(Map<String, Map<String, TenantDatabase>> loaded) {
        Path dir = Path.of(config.tenantsDir());
        if (!Files.isDirectory(dir)) {
            return;
        }
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, "*.properties")) {
            for (Path file : new TreeSet<>(toList(files))) {
                Properties props = new Properties();
                try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
                    props.load(reader);
                } catch (IOException | IllegalArgumentException e) {
                    LOG.warnf("tenant file %s cannot be read: %s", file, e.getMessage());
                    continue;
                }
                Map<String, Map<String, String>> byDatabase = new TreeMap<>();
                for (String key : props.stringPropertyNames()) {
                    String[] parts = key.split("\\.", 3);
                    if (parts.length != 3) {
                        LOG.warnf("tenant file %s: key '%s' is not <tenant>.<database>.<setting>; ignored", file, key);
                        continue;
                    }
                    byDatabase.computeIfAbsent(parts[0] + "." + parts[1], k -> new HashMap<>())
                            .put(parts[2], props.getProperty(key).trim());
                }
                byDatabase.forEach((tenantDb, settings) -> {
                    String[] parts = tenantDb.split("\\.", 2);
                    register(loaded, parts[0], parts[1], Entry.of(settings), file.toString());
                });
            }
        } catch (IOException e) {
            LOG.warnf("tenants directory %s cannot be listed: %s", dir, e.getMessage());
        }
    }

    private static java.util.List<Path> toList(DirectoryStream<Path> files) {
        java.util.List<Path> list = new java.util.ArrayList<>();
        files.forEach(list::add);
        return list;
    }

    private void register(Map<String, Map<String, TenantDatabase>> loaded, String tenant, String name, Entry entry,
            String origin) {
        try {
            if (!NAME.matcher(tenant).matches() || !NAME.matcher(name).matches()) {
                throw new IllegalArgumentException("tenant and database names must match " + NAME.pattern());
            }
            if (reserved(tenant)) {
                throw new IllegalArgumentException("tenant names starting '" + RESERVED_PREFIX
                        + "' are the executor's own");
            }
            TenantDatabase database = switch (EngineKind.parse(entry.engine().orElse(""))) {
                case SQLITE -> TenantDatabase.sqlite(tenant, name, Path.of(entry.require("path")).toAbsolutePath());
                case POSTGRESQL -> TenantDatabase.postgres(tenant, name, postgresTarget(entry, tenant + "/" + name));
            };
            loaded.computeIfAbsent(tenant, t -> new TreeMap<>()).put(name, database);
        } catch (IllegalArgumentException e) {
            // the message names keys, never values: a misplaced password must not reach the log
            LOG.warnf("tenant database %s/%s from %s ignored: %s", tenant, name, origin, e.getMessage());
        }
    }

    private PostgresTarget postgresTarget(Entry entry, String key) {
        String url = entry.require("url");
        URI uri = URI.create(url.startsWith("jdbc:") ? url.substring(5) : url);
        if (!"postgresql".equals(uri.getScheme()) || uri.getHost() == null || uri.getPath() == null
                || uri.getPath().length() < 2) {
            throw new IllegalArgumentException("url must look like postgresql://host:port/database");
        }
        String schema = entry.require("schema");
        if (!SCHEMA.matcher(schema).matches()) {
            throw new IllegalArgumentException("schema must match " + SCHEMA.pattern());
        }
        return new PostgresTarget(uri.getHost(), uri.getPort() < 0 ? 5432 : uri.getPort(), uri.getPath().substring(1),
                schema, entry.require("username"), () -> resolvePassword(entry, key));
    }

    private Secret resolvePassword(Entry entry, String key) {
        if (entry.passwordEnv().isPresent()) {
            String value = environment.apply(entry.passwordEnv().get());
            if (value == null) {
                throw SandboxException.unavailable("the password of " + key + " is not available: environment variable "
                        + entry.passwordEnv().get() + " is not set (a retry fails the same way until it is)");
            }
            return new Secret(value);
        }
        if (entry.passwordFile().isPresent()) {
            try {
                return new Secret(Files.readString(Path.of(entry.passwordFile().get())).strip());
            } catch (IOException e) {
                throw SandboxException.unavailable("the password of " + key + " is not available: file "
                        + entry.passwordFile().get() + " cannot be read (a retry fails the same way until it can)");
            }
        }
        return new Secret(entry.password().orElse(""));
    }

    private static String printable(String text) {
        if (text == null) {
            return "";
        }
        String cut = text.length() > 64 ? text.substring(0, 64) + "…" : text;
        return cut.replaceAll("[^\\x20-\\x7e]", "?");
    }

    /** The settings of one database, whichever source they came from. */
    private record Entry(Optional<String> engine, Map<String, Optional<String>> values, Optional<String> password,
            Optional<String> passwordEnv, Optional<String> passwordFile) {

        static Entry of(DatabaseSettings s) {
            return new Entry(Optional.of(s.engine()), Map.of("path", s.path(), "url", s.url(), "schema", s.schema(),
                    "username", s.username()), s.password(), s.passwordEnv(), s.passwordFile());
        }

        static Entry of(Map<String, String> s) {
            Function<String, Optional<String>> get = k -> Optional.ofNullable(s.get(k)).filter(v -> !v.isEmpty());
            return new Entry(get.apply("engine"), Map.of("path", get.apply("path"), "url", get.apply("url"),
                    "schema", get.apply("schema"), "username", get.apply("username")), get.apply("password"),
                    get.apply("password-env"), get.apply("password-file"));
        }

        String require(String key) {
            return values.getOrDefault(key, Optional.empty())
                    .orElseThrow(() -> new IllegalArgumentException("missing key '" + key + "'"));
        }
    }
}

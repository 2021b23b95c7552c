package dev.overtone.parser.variants;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The scope family alone: over a junction, the items common to all entities and the items of each entity, only when
 * the question quantifies a noun that names the entity table.
 */
class ScopeFamilyTest {
    private static final ScopeFamily FAMILY = new ScopeFamily();

    @Test
    void aQuantifiedEntityGivesTheCollectiveReadingFirstAndTheDistributiveOneJustBelow() {
        List<Variant> proposed = FamilyProposals.of(FAMILY, "SELECT title FROM jobs", VariantGeneratorTest.startups(),
                "Which jobs does every startup have?");

        assertThat(proposed).extracting(Variant::slotPath).containsExactly("group_by[0]", "select[0]");
        assertThat(proposed).extracting(Variant::description).containsExactly("the jobs common to all startups",
                "the jobs of each startups separately");
        assertThat(proposed.get(0).sql()).endsWith("GROUP BY startup_jobs.job_id HAVING COUNT(DISTINCT"
                + " startup_jobs.startup_id) = (SELECT COUNT(*) FROM startups)");
        assertThat(proposed.get(1).sql()).startsWith("SELECT startups.name, jobs.title FROM startup_jobs");
        assertThat(proposed.get(1).score()).isCloseTo(proposed.get(0).score() * 0.95, org.assertj.core.data.Offset.offset(1e-9));
    }

    @Test
    void theJunctionIsReadEitherWayWhicheverSideTheQueryShows() {
        assertThat(FamilyProposals.sqls(FAMILY, "SELECT name FROM startups", VariantGeneratorTest.startups(),
                "Which startups have all jobs?")).contains("SELECT jobs.title, startups.name FROM startup_jobs JOIN startups"
                        + " ON startup_jobs.startup_id = startups.id JOIN jobs ON startup_jobs.job_id = jobs.id");
    }

    @Test
    void aQuantifierOverAnotherNounOrNoQuantifierProposesNothing() {
        assertThat(FamilyProposals.of(FAMILY, "SELECT title FROM jobs", VariantGeneratorTest.startups(),
                "Which jobs does every company have?")).isEmpty();
        assertThat(FamilyProposals.of(FAMILY, "SELECT title FROM jobs", VariantGeneratorTest.startups(),
                "Which jobs do startups have?")).isEmpty();
    }
}

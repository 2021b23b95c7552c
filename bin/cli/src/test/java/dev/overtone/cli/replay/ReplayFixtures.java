package dev.overtone.cli.replay;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** A small Ambrosia*-format file and the two prompts the suite sends, worded as its services word them. */
final class ReplayFixtures {
    private ReplayFixtures() {
    }

    static final String HOTEL_QUESTION = "Return the rating of each hotel.";
    static final String STARS = "Show each hotel's name with its star rating";
    static final String REVIEWS = "Show each hotel's name with the average score of its reviews";

    static Path write(Path dir) throws IOException {
        Path file = dir.resolve("recorded.jsonl");
        Files.writeString(file, String.join("\n",
                """
                {"id": "v-0", "default_model": "gemma-2-9b-it", "sql_model": "Qwen2.5-Coder-32B-Instruct", "question": "Return the rating of each hotel.", "db_dump": "CREATE TABLE hotels(id, name, stars);", "defaults": [{"interpretation": "Show each hotel's name with its star rating", "sql": "SELECT name, stars FROM hotels", "sqls": ["SELECT name, stars FROM hotels", "SELECT name, stars FROM hotels ORDER BY stars"]}, {"interpretation": "Show each hotel's name with the average score of its reviews", "sql": "SELECT h.name, AVG(r.score) FROM hotels h JOIN reviews r ON r.hotel_id = h.id GROUP BY h.name", "sqls": ["SELECT h.name, AVG(r.score) FROM hotels h JOIN reviews r ON r.hotel_id = h.id GROUP BY h.name"]}, {"interpretation": "List the rating of every hotel", "sql": null, "sqls": []}, {"interpretation": "Ritz", "sql": "SELECT stars FROM hotels WHERE name = 'Ritz'", "sqls": ["SELECT stars FROM hotels WHERE name = 'Ritz'"]}]}""".strip(),
                """
                {"id": "v-1", "default_model": "gemma-2-9b-it", "sql_model": "Qwen2.5-Coder-32B-Instruct", "question": "Return the rating of each hotel in Paris.", "defaults": [{"interpretation": "Show each hotel's name with its star rating", "sql": "SELECT name, stars FROM hotels WHERE city = 'Paris'", "sqls": ["SELECT name, stars FROM hotels WHERE city = 'Paris'"]}]}""".strip(),
                """
                {"id": "v-2", "default_model": "gemma-2-9b-it", "sql_model": "Qwen2.5-Coder-32B-Instruct", "question": "How many rooms are there?", "defaults": [{"interpretation": "How many rooms are there?", "sql": "SELECT COUNT(*) FROM rooms", "sqls": ["SELECT COUNT(*) FROM rooms"]}]}""".strip()) + "\n");
        return file;
    }

    /** interpreter-svc's default-interpretation prompt (DefaultsPrompt.of). */
    static String defaultsPrompt(String question) {
        return """
                You read questions that people ask about a database. A question may have one meaning or several.

                What to do:
                - Write down every different way the question can be understood.

                Rules:
                - One interpretation per line.

                The database:
                Dialect: sqlite
                CREATE TABLE hotels (id INTEGER, name TEXT /* e.g. 'Ritz', 'Savoy' */, stars INTEGER);
                CREATE TABLE reviews (hotel_id INTEGER, score REAL);

                The question:
                %s
                """.formatted(question);
    }

    /** parser-svc's Parse prompt (ParseService), system and user message as one text. */
    static String parsePrompt(String question, String interpretation) {
        return "You write one SQLite SELECT query that answers the request over the database described below. "
                + "Use only the tables and columns listed. Return the SQL only.\n"
                + "Database:\nCREATE TABLE hotels (id INTEGER, name TEXT, stars INTEGER);\n"
                + (question == null ? "" : "Question: " + question + "\n")
                + "Request: " + interpretation + "\nSQL:\n";
    }
}

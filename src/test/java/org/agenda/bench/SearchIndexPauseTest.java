package org.agenda.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link SearchIndexPause} reads migration V6 itself: its statements, trigger bodies whole. */
class SearchIndexPauseTest {
  @Test
  void migrationSixIsSplitIntoItsStatementsWithTriggerBodiesWhole() {
    List<String> statements = SearchIndexPause.statements(SearchIndexPause.migration());
    assertThat(statements).hasSize(5);
    assertThat(statements.get(0)).startsWith("CREATE VIRTUAL TABLE translation_text USING fts5(");
    assertThat(statements.subList(1, 4)).allSatisfy(sql -> assertThat(sql).startsWith("CREATE TRIGGER").endsWith("END;"));
    assertThat(statements.get(4)).startsWith("INSERT INTO translation_text (rowid, text)").endsWith("FROM translations;");
    assertThat(statements).noneMatch(sql -> sql.contains("--"));
    assertThat(SearchIndexPause.created(statements)).containsExactly(
        new SearchIndexPause.Created("VIRTUAL TABLE", "translation_text"),
        new SearchIndexPause.Created("TRIGGER", "translation_text_after_insert"),
        new SearchIndexPause.Created("TRIGGER", "translation_text_after_update"),
        new SearchIndexPause.Created("TRIGGER", "translation_text_after_delete"));
  }

  @Test
  void semicolonsInStringsCommentsAndCaseInsideATriggerDoNotEndAStatement() {
    String script = "-- a comment; with a semicolon\n"
        + "CREATE TABLE t (a TEXT DEFAULT 'x;y', \"b;\" INT); /* c; */\n"
        + "CREATE TRIGGER t_ai AFTER INSERT ON t BEGIN\n"
        + "  UPDATE t SET a = CASE WHEN new.a = ';' THEN 'semi' ELSE new.a END;\n"
        + "  DELETE FROM t WHERE a = 'it''s;';\n"
        + "END;\n"
        + "INSERT INTO t (a) VALUES ('end')";
    List<String> statements = SearchIndexPause.statements(script);
    assertThat(statements).hasSize(3);
    assertThat(statements.get(0)).isEqualTo("CREATE TABLE t (a TEXT DEFAULT 'x;y', \"b;\" INT);");
    assertThat(statements.get(1)).startsWith("CREATE TRIGGER t_ai").contains("'it''s;'").endsWith("END;");
    assertThat(statements.get(2)).isEqualTo("INSERT INTO t (a) VALUES ('end')");
  }
}

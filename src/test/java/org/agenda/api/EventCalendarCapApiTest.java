package org.agenda.api;

import static org.agenda.api.CalendarChecks.ids;
import static org.agenda.api.CalendarChecks.parse;
import static org.agenda.api.CalendarChecks.value;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import net.fortuna.ical4j.model.Calendar;
import org.agenda.support.HttpResult;
import org.agenda.support.TestServer;
import org.junit.jupiter.api.Test;

/**
 * The feed's cap: at most 1000 events, the earliest first, and the number left out in the header
 * {@code X-Cal-Omitted} and the calendar property {@code X-AGENDA-OMITTED}. On a server of its own, since its
 * thousand events would fill every other test's feed.
 */
class EventCalendarCapApiTest {
  private static final String EVENTS = "/cal/events/v1/events";
  private static final int CAP = 1000;

  @Test
  void theFeedHoldsTheEarliestThousandAndSaysHowManyItLeftOut() {
    try (TestServer server = TestServer.start()) {
      var admin = server.asAdmin();
      int count = CAP + 2;
      // one a minute from 00:00 on 1 August, created in reverse order: the feed's order is by start, not by id
      List<Long> byStart = new ArrayList<>();
      LocalDateTime first = LocalDateTime.of(2026, 8, 1, 0, 0);
      for (int i = count - 1; i >= 0; i--) {
        LocalDateTime start = first.plusMinutes(i);
        HttpResult created = admin.postJson(EVENTS, "{\"title\":\"Stip " + i + "\",\"start_date\":\"" + start
            + "\",\"end_date\":\"" + start.plusMinutes(30) + "\"}");
        assertThat(created.status()).as(created.toString()).isEqualTo(201);
        byStart.add(0, ApiChecks.id(created.json()));
      }

      HttpResult response = server.anonymous().get(EVENTS + ".ics?start_date=2026-08-01&end_date=2026-08-01");
      Calendar calendar = parse(response);
      assertThat(ids(calendar)).containsExactlyElementsOf(byStart.subList(0, CAP));
      assertThat(response.header("X-Cal-Total")).isEqualTo(Integer.toString(count));
      assertThat(response.header("X-Cal-Omitted")).isEqualTo("2");
      assertThat(value(calendar, "X-AGENDA-OMITTED")).isEqualTo("2");

      // within the cap nothing is left out, and the calendar says nothing about it
      HttpResult fewer = server.anonymous().get(EVENTS + ".ics?start_date=2026-08-01&end_date=2026-08-02"
          + "&starts_after=2026-08-01T10:00&strict_dates=true");
      Calendar morning = parse(fewer);
      assertThat(fewer.header("X-Cal-Omitted")).isEqualTo("0");
      assertThat(value(morning, "X-AGENDA-OMITTED")).isNull();
      assertThat(ids(morning)).containsExactlyElementsOf(byStart.subList(601, count));
    }
  }
}

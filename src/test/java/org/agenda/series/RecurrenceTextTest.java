package org.agenda.series;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RecurrenceTextTest {
  private static final ZoneId AMSTERDAM = ZoneId.of("Europe/Amsterdam");

  /** Columns: first start, all-day, the lines (split at " & "), then the sentence in nl, en and fr. */
  @ParameterizedTest(name = "{2}")
  @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
      // the examples
      "2026-10-06T19:30|false|RRULE:FREQ=WEEKLY;BYDAY=TU;UNTIL=20270630T215959Z"
          + "|elke dinsdag om 19:30, tot 30 juni 2027"
          + "|every Tuesday at 19:30, until 30 June 2027"
          + "|tous les mardis à 19h30, jusqu'au 30 juin 2027",
      "2026-10-06T09:00|false|RRULE:FREQ=DAILY;COUNT=10"
          + "|elke dag om 9:00, 10 keer|every day at 9:00, 10 times|tous les jours à 9h, 10 fois",
      "2026-10-06T00:00|true|RRULE:FREQ=DAILY;INTERVAL=2"
          + "|om de 2 dagen|every 2 days|tous les 2 jours",
      "2026-10-05T20:00|false|RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE,FR"
          + "|om de 2 weken op maandag, woensdag en vrijdag om 20:00"
          + "|every 2 weeks on Monday, Wednesday and Friday at 20:00"
          + "|toutes les 2 semaines, le lundi, le mercredi et le vendredi à 20h",
      "2026-10-06T19:30|false|RRULE:FREQ=WEEKLY;BYDAY=TU,TH"
          + "|elke dinsdag en donderdag om 19:30|every Tuesday and Thursday at 19:30"
          + "|tous les mardis et jeudis à 19h30",
      "2026-10-05T08:15|false|RRULE:FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR"
          + "|elke weekdag om 8:15|every weekday at 8:15|du lundi au vendredi à 8h15",
      "2026-10-05T08:15|false|RRULE:FREQ=WEEKLY;BYDAY=FR,TH,WE,TU,MO;BYMONTH=10,11"
          + "|elke weekdag in oktober en november om 8:15|every weekday in October and November at 8:15"
          + "|du lundi au vendredi en octobre et novembre à 8h15",
      "2026-10-05T19:30|false|RRULE:FREQ=MONTHLY;BYDAY=1MO"
          + "|de eerste maandag van elke maand om 19:30|the first Monday of every month at 19:30"
          + "|le premier lundi de chaque mois à 19h30",
      "2026-10-19T09:00|false|RRULE:FREQ=MONTHLY;COUNT=6;BYDAY=-2MO"
          + "|de voorlaatste maandag van elke maand om 9:00, 6 keer"
          + "|the second-to-last Monday of every month at 9:00, 6 times"
          + "|l'avant-dernier lundi de chaque mois à 9h, 6 fois",
      "2026-10-30T00:00|true|RRULE:FREQ=MONTHLY;BYDAY=-1FR"
          + "|de laatste vrijdag van elke maand|the last Friday of every month"
          + "|le dernier vendredi de chaque mois",
      "2026-10-04T10:00|false|RRULE:FREQ=MONTHLY;INTERVAL=2;BYDAY=1SU,-1SU;COUNT=6"
          + "|de eerste zondag en de laatste zondag, om de 2 maanden om 10:00, 6 keer"
          + "|the first Sunday and the last Sunday, every 2 months at 10:00, 6 times"
          + "|le premier dimanche et le dernier dimanche, tous les 2 mois à 10h, 6 fois",
      "2026-10-01T10:00|false|RRULE:FREQ=MONTHLY;BYMONTHDAY=1,15;INTERVAL=3"
          + "|de 1e en de 15e, om de 3 maanden om 10:00|the 1st and the 15th, every 3 months at 10:00"
          + "|le 1er et le 15, tous les 3 mois à 10h",
      "2026-10-31T00:00|true|RRULE:FREQ=MONTHLY;BYMONTHDAY=-1"
          + "|de laatste dag van elke maand|the last day of every month|le dernier jour de chaque mois",
      "2026-10-22T18:00|false|RRULE:FREQ=MONTHLY"
          + "|de 22e van elke maand om 18:00|the 22nd of every month at 18:00|le 22 de chaque mois à 18h",
      "2027-04-27T00:00|true|RRULE:FREQ=YEARLY"
          + "|elk jaar op 27 april|every year on 27 April|tous les ans le 27 avril",
      "2027-06-01T00:00|true|RRULE:FREQ=YEARLY;INTERVAL=2;BYMONTH=6,7"
          + "|om de 2 jaar op 1 juni en 1 juli|every 2 years on 1 June and 1 July"
          + "|tous les 2 ans le 1er juin et le 1er juillet",
      "2026-10-25T14:00|false|RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU"
          + "|elk jaar op de laatste zondag van oktober om 14:00"
          + "|every year on the last Sunday of October at 14:00"
          + "|tous les ans le dernier dimanche d'octobre à 14h",
      "2027-06-03T21:00|false|RRULE:FREQ=YEARLY;BYDAY=TH;BYMONTH=6,7,8"
          + "|elke donderdag in juni, juli en augustus om 21:00"
          + "|every Thursday in June, July and August at 21:00"
          + "|tous les jeudis en juin, juillet et août à 21h",
      "2026-10-30T17:00|false|RRULE:FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1"
          + "|op vaste dagen, elke maand om 17:00|on set days, every month at 17:00"
          + "|à des jours fixés, tous les mois à 17h",
      "2027-05-17T09:00|false|RRULE:FREQ=YEARLY;BYDAY=20MO"
          + "|op vaste dagen, elk jaar om 9:00|on set days, every year at 9:00"
          + "|à des jours fixés, tous les ans à 9h",
      "2026-10-06T19:30|false|RRULE:FREQ=WEEKLY;COUNT=10 & RDATE:20261008T193000,20261009T193000"
          + " & EXDATE:20261013T193000,20261020T193000,20261027T193000"
          + "|elke dinsdag om 19:30, 10 keer, plus 2 andere data, behalve op 3 data"
          + "|every Tuesday at 19:30, 10 times, plus 2 other dates, except 3 dates"
          + "|tous les mardis à 19h30, 10 fois, plus 2 autres dates, sauf 3 dates",
      "2026-10-06T19:30|false|RRULE:FREQ=WEEKLY & RDATE:20261008T193000 & EXDATE:20261013T193000"
          + "|elke dinsdag om 19:30, plus 1 andere datum, behalve op 1 datum"
          + "|every Tuesday at 19:30, plus 1 other date, except 1 date"
          + "|tous les mardis à 19h30, plus 1 autre date, sauf 1 date",
      "2026-10-06T19:30|false|RDATE:20261008T193000,20261010T140000"
          + "|op 3 data|on 3 dates|à 3 dates"})
  void theRuleSaidInEachLanguage(String first, boolean allDay, String lines, String nl, String en, String fr) {
    Recurrence recurrence = Recurrence.parse(Arrays.stream(lines.split(" & ")).toList(), AMSTERDAM,
        LocalDateTime.parse(first), allDay);

    assertThat(recurrence.describe("nl")).isEqualTo(nl);
    assertThat(recurrence.describe("en")).isEqualTo(en);
    assertThat(recurrence.describe("fr")).isEqualTo(fr);
  }

  @Test
  void aSeriesEndedBeforeAnOccurrenceEndsTheDayBefore() {
    Recurrence ended = Recurrence.parse(List.of("RRULE:FREQ=WEEKLY"), AMSTERDAM,
        LocalDateTime.parse("2026-10-06T19:30"), false).endingBefore(LocalDateTime.parse("2026-10-27T19:30"));

    assertThat(ended.describe("en")).isEqualTo("every Tuesday at 19:30, until 26 October 2026");
  }

  @Test
  void anotherLanguageGetsEnglish() {
    Recurrence recurrence = Recurrence.parse(List.of("RRULE:FREQ=WEEKLY"), AMSTERDAM,
        LocalDateTime.parse("2026-10-06T19:30"), false);

    assertThat(recurrence.describe("de")).isEqualTo("every Tuesday at 19:30");
  }
}

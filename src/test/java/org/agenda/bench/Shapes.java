package org.agenda.bench;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * The request bodies of the generated data set (issue #9). Every record is a pure function of the seed,
 * its kind and its index, so a run is reproducible and an interrupted run can continue at any index.
 */
final class Shapes {
  static final List<String> LANGUAGES = List.of("nl", "en", "fr");
  static final int CATEGORIES = 200;
  static final int TAGS = 1000;
  /** Category tree: 10 top-level categories, 40 below them, 150 leaves below those. */
  static final int TOP_CATEGORIES = 10;
  static final int MID_CATEGORIES = 40;
  private static final DateTimeFormatter WALL = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm", Locale.ROOT);

  /** A series is weekly over a year: 52 occurrences, each an event of its own (issue 24). */
  static final String WEEKLY_FOR_A_YEAR = "RRULE:FREQ=WEEKLY;COUNT=52";

  private final long seed;
  private final LocalDate today;
  /** Percentage of the created events that are series ({@link #WEEKLY_FOR_A_YEAR}); 0 in the data set of issue #9. */
  private final int seriesPercent;

  Shapes(long seed, LocalDate today) {
    this(seed, today, 0);
  }

  Shapes(long seed, LocalDate today, int seriesPercent) {
    this.seed = seed;
    this.today = today;
    this.seriesPercent = seriesPercent;
  }

  SplittableRandom random(int kind, long index) {
    return new SplittableRandom(seed * 0x9E3779B97F4A7C15L + kind * 1_000_000_007L + index);
  }

  static int venues(int events) {
    return Math.max(1, events / 100);
  }

  static int organizers(int events) {
    return Math.max(1, events / 200);
  }

  /** The parent index of category {@code i}, or -1 for a top-level one. */
  static int categoryParent(int i) {
    if (i < TOP_CATEGORIES) return -1;
    if (i < TOP_CATEGORIES + MID_CATEGORIES) return (i - TOP_CATEGORIES) % TOP_CATEGORIES;
    return TOP_CATEGORIES + (i - TOP_CATEGORIES - MID_CATEGORIES) % MID_CATEGORIES;
  }

  /** Category and tag names carry their index, so names stay unique under their parent in every language. */
  ObjectNode term(int kind, int i, String language) {
    var random = random(kind, i);
    var body = JsonNodeFactory.instance.objectNode();
    String word = Words.VOCABULARY.get(language).get(random.nextInt(Words.VOCABULARY.get(language).size()));
    body.put("name", Words.capitalised(word) + " " + (i + 1));
    if (kind == 3 && language.equals("nl")) body.put("description", Words.paragraphs(random, language));
    return body;
  }

  /** Venue {@code i}: a name in L, an address in one of the cities, coordinates within ~15 km of its centre. */
  ObjectNode venue(int i, String language) {
    var random = random(1, i);
    int city = random.nextInt(Words.CITIES.size());
    var body = JsonNodeFactory.instance.objectNode();
    body.put("venue", Words.capitalised(Words.phrase(random, language, 2)) + " " + Words.CITIES.get(city) + " " + (i + 1));
    body.put("description", Words.paragraphs(random, language));
    if (!language.equals("nl")) return body;
    body.put("address", "Straat " + (1 + random.nextInt(200)));
    body.put("city", Words.CITIES.get(city));
    body.put("zip", String.format(Locale.ROOT, "%04d AB", 1000 + random.nextInt(9000)));
    body.put("country", Words.COUNTRIES.get(city));
    body.put("phone", "+31 " + (100_000_000 + random.nextInt(899_999_999)));
    body.put("geo_lat", Math.round((Words.CENTRES[city][0] + (random.nextDouble() - 0.5) * 0.25) * 1e6) / 1e6);
    body.put("geo_lng", Math.round((Words.CENTRES[city][1] + (random.nextDouble() - 0.5) * 0.4) * 1e6) / 1e6);
    return body;
  }

  ObjectNode organizer(int i) {
    var random = random(2, i);
    var body = JsonNodeFactory.instance.objectNode();
    body.put("organizer", "Stichting " + Words.capitalised(Words.phrase(random, "nl", 2)) + " " + (i + 1));
    body.put("email", "info" + (i + 1) + "@organizer.example");
    body.put("phone", "+32 " + (100_000_000 + random.nextInt(899_999_999)));
    body.put("website", "https://organizer" + (i + 1) + ".example/");
    return body;
  }

  /** Which languages event {@code i} has: nl always, en for half, fr for a third. */
  static boolean hasLanguage(long i, String language) {
    return switch (language) {
      case "nl" -> true;
      case "en" -> i % 2 == 0;
      case "fr" -> i % 3 == 0;
      default -> false;
    };
  }

  /** The create body of event {@code i} (Dutch), linking to the already stored venues, organizers and terms. */
  ObjectNode event(long i, long[] venueIds, long[] organizerIds, long[] categoryIds, long[] tagIds) {
    var random = random(5, i);
    var body = text(i, "nl");
    // five years around today: from 2.5 years back to 2.5 years ahead
    LocalDate day = today.plusDays(random.nextInt(-913, 913));
    int roll = random.nextInt(100);
    if (roll < 10) {
      body.put("all_day", true);
      body.put("start_date", day.toString());
      body.put("end_date", day.plusDays(random.nextInt(100) < 80 ? 0 : 1 + random.nextInt(3)).toString());
    } else {
      LocalDateTime start = day.atTime(9 + random.nextInt(13), 15 * random.nextInt(4));
      LocalDateTime end = random.nextInt(100) < 10 ? start.plusDays(1 + random.nextInt(3)) : start.plusMinutes(60 + 15 * random.nextInt(13));
      body.put("start_date", WALL.format(start));
      body.put("end_date", WALL.format(end));
    }
    if (random.nextInt(100) < 5) body.put("hide_from_listings", true);
    if (random.nextInt(100) < 5) body.put("status", "draft");
    if (random.nextInt(100) < 2) body.put("password", "secret-" + (i % 97));
    if (random.nextInt(100) < 10) body.put("featured", true);
    int cost = random.nextInt(100);
    body.put("cost", cost < 30 ? "0" : Integer.toString(5 + cost / 2));
    body.put("venue", venueIds[random.nextInt(venueIds.length)]);
    body.set("organizer", pick(random, organizerIds, 1 + random.nextInt(3), false));
    body.set("categories", pick(random, categoryIds, 1 + random.nextInt(3), false));
    body.set("tags", pick(random, tagIds, random.nextInt(6), true));
    // from a random stream of its own, so that the other events are the same with or without series
    if (seriesPercent > 0 && random(9, i).nextInt(100) < seriesPercent) body.putArray("recurrence").add(WEEKLY_FOR_A_YEAR);
    return body;
  }

  /** Title, description and excerpt of event {@code i} in {@code language}. */
  ObjectNode text(long i, String language) {
    var random = random(6 + LANGUAGES.indexOf(language), i);
    var body = JsonNodeFactory.instance.objectNode();
    List<String> words = Words.VOCABULARY.get(language);
    var title = new StringBuilder();
    for (int w = 2 + random.nextInt(3); w > 0; w--) title.append(words.get(random.nextInt(words.size()))).append(' ');
    title.append(Words.CITIES.get(random.nextInt(Words.CITIES.size())));
    body.put("title", Words.capitalised(title.toString()));
    body.put("description", Words.paragraphs(random, language));
    body.put("excerpt", "<p>" + Words.capitalised(Words.phrase(random, language, 8 + random.nextInt(8))) + ".</p>");
    return body;
  }

  /** {@code count} distinct ids, uniform or skewed toward the first ones (popular tags). */
  private static ArrayNode pick(SplittableRandom random, long[] ids, int count, boolean skewed) {
    Set<Long> chosen = new LinkedHashSet<>();
    count = Math.min(count, ids.length);
    while (chosen.size() < count) {
      chosen.add(ids[skewed ? Words.skewed(random, ids.length) : random.nextInt(ids.length)]);
    }
    var array = JsonNodeFactory.instance.arrayNode();
    chosen.forEach(array::add);
    return array;
  }
}

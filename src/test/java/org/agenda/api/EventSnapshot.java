package org.agenda.api;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;
import org.agenda.support.HttpResult;
import org.agenda.support.TestServer;

/**
 * What the crash harness compares of an event: status, text per language, and its venue, organizers,
 * categories and tags by name, and the recurrence lines of a series (the harness gives every venue, organizer and term a unique name, so a
 * name identifies a record and an expected state can be written before the ids of new ones are known).
 */
record EventSnapshot(String status, Map<String, Text> texts, List<String> venues, List<String> organizers,
    SortedSet<String> categories, SortedSet<String> tags, List<String> recurrence) {
  private static final String EVENTS = "/cal/events/v1/events/";

  record Text(String title, String description) {}

  EventSnapshot withStatus(String newStatus) {
    return new EventSnapshot(newStatus, texts, venues, organizers, categories, tags, recurrence);
  }

  /** The same event with the text of one language only (what a write answers with). */
  EventSnapshot onlyText(String language) {
    Map<String, Text> text = texts.containsKey(language) ? Map.of(language, texts.get(language)) : Map.of();
    return new EventSnapshot(status, text, venues, organizers, categories, tags, recurrence);
  }

  /** The event as stored, every translation included; null when it does not exist (404). */
  static EventSnapshot read(TestServer.Caller admin, long id) {
    HttpResult first = admin.get(EVENTS + id);
    if (first.status() == 404) return null;
    // an event the service cannot show (a half-written one answers 500) differs from every expected state
    if (first.status() != 200) return new EventSnapshot("unreadable: " + first, Map.of(), List.of(), List.of(), new TreeSet<>(), new TreeSet<>(), List.of());
    JsonNode event = first.json();
    var texts = new LinkedHashMap<String, Text>();
    for (var languages = event.path("translations").fieldNames(); languages.hasNext(); ) {
      String language = languages.next();
      JsonNode inLanguage = language.equals(event.path("language").asText()) ? event
          : admin.get(EVENTS + id + "?translation_language=" + language).json();
      texts.put(language, text(inLanguage));
    }
    return shared(event, texts);
  }

  /** The shared fields of a representation, with the given texts. */
  static EventSnapshot shared(JsonNode event, Map<String, Text> texts) {
    JsonNode venue = event.path("venue");
    var venues = new ArrayList<String>();
    if (venue.isObject()) venues.add(venue.path("venue").asText());
    if (venue.isArray()) venue.forEach(item -> venues.add(item.path("venue").asText()));
    var organizers = new ArrayList<String>();
    event.path("organizer").forEach(item -> organizers.add(item.path("organizer").asText()));
    return new EventSnapshot(event.path("status").asText(), Map.copyOf(texts), List.copyOf(venues),
        List.copyOf(organizers), names(event.path("categories")), names(event.path("tags")), lines(event.path("recurrence")));
  }

  private static List<String> lines(JsonNode recurrence) {
    var lines = new ArrayList<String>();
    recurrence.forEach(line -> lines.add(line.asText()));
    return List.copyOf(lines);
  }

  static Text text(JsonNode event) {
    return new Text(event.path("title").asText(), event.path("description").asText());
  }

  private static SortedSet<String> names(JsonNode terms) {
    var names = new TreeSet<String>();
    terms.forEach(term -> names.add(term.path("name").asText()));
    return names;
  }
}

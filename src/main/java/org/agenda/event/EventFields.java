package org.agenda.event;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.agenda.http.Param;
import org.agenda.http.ParamProblem;
import org.agenda.http.Raw;
import org.agenda.record.CommonFields;
import org.agenda.series.Recurrence;
import org.agenda.text.PlainText;
import org.agenda.time.EventTimezone;

/** The event write fields of §6.4, in the order of its field table (the declaration order of errors). */
final class EventFields {
  private static final int MAX_COST_ELEMENTS = 20;
  private static final int MAX_COST_ELEMENT_LENGTH = 200;

  private EventFields() {}

  static List<Param> writeFields(boolean create) {
    var fields = new ArrayList<Param>();
    Param title = Param.string("title").maxLength(500).writeField().describe("The event title, plain text, in the request language.");
    fields.add(create ? title.required() : title);
    fields.add(Param.string("description").maxLength(100_000).emptyClears().nullClears()
        .describe("The event description, HTML (sanitised), in the request language."));
    fields.add(Param.string("excerpt").maxLength(10_000).emptyClears().nullClears()
        .describe("A short summary, HTML (sanitised), in the request language."));
    fields.add(Param.string("slug").maxLength(200).emptyClears().nullClears()
        .describe("The slug in the request language; made unique with -2, -3, … Empty derives it from the title."));
    Param start = Param.date("start_date").writeField().describe("Start, evaluated in the event time zone (§8.1 formats).");
    Param end = Param.date("end_date").writeField().describe("End, evaluated in the event time zone; not before the start.");
    fields.add(create ? start.required() : start);
    fields.add(create ? end.required() : end);
    fields.add(Param.custom("timezone", EventFields::timezone).emptyClears().nullClears()
        .describe("IANA time zone, UTC or UTC±N; empty means the site time zone."));
    Param allDay = Param.bool("all_day").writeField().describe("All-day event: start at 00:00:00, end at 23:59:59.");
    fields.add(create ? allDay.defaultValue(false) : allDay);
    fields.add(CommonFields.author("event"));
    fields.add(CommonFields.date());
    fields.add(CommonFields.dateUtc());
    fields.add(CommonFields.status());
    fields.add(Param.string("password").maxLength(255).emptyClears().nullClears()
        .describe("Password protecting the event; empty removes it."));
    fields.add(CommonFields.image("event"));
    fields.add(Param.custom("cost", EventFields::cost).emptyClears().nullClears()
        .describe("Cost: a string, a number or a list of them; empty removes it."));
    fields.add(CommonFields.website("event"));
    for (String flag : List.of("show_map", "show_map_link", "hide_from_listings", "sticky", "featured")) {
      // Defaults to false, but §9.2 shows a default only for all_day among the event fields.
      fields.add(Param.bool(flag).writeField().describe(flagDescription(flag)));
    }
    fields.add(Param.custom("categories", raw -> termItems(raw, "categories")).emptyClears()
        .describe("Category ids, slugs or names (a new category is created for an unknown name when the caller may)."));
    fields.add(Param.custom("tags", raw -> termItems(raw, "tags")).emptyClears()
        .describe("Tag ids, slugs or names (a new tag is created for an unknown name when the caller may)."));
    fields.add(Param.custom("venue", raw -> linkItems(raw, "venue")).emptyClears()
        .describe("Venue ids (a list, comma-separated, or objects with an id); empty removes all."));
    fields.add(Param.custom("organizer", raw -> linkItems(raw, "organizer")).emptyClears()
        .describe("Organizer ids (a list, comma-separated, or objects with an id); empty removes all."));
    fields.add(Param.integer("post_parent").writeField().nullClears()
        .describe("Id of the parent event; 0 removes the parent."));
    fields.add(Param.custom("recurrence", EventFields::recurrence).emptyClears().nullClears()
        .describe("Makes the event a series: RFC 5545 lines (RRULE:…, RDATE:…, EXDATE:…) as in Google Calendar, "
            + "read in the event time zone; start_date and end_date are the first occurrence. At most "
            + Recurrence.MAX_OCCURRENCES + " occurrences, no more often than daily; an open-ended rule is expanded "
            + Recurrence.HORIZON.getYears() + " years ahead. Only on the series; [] or null makes it a single event."));
    fields.add(Param.oneOf("status_detail", STATUS_DETAILS).emptyClears().nullClears()
        .describe("cancelled or postponed: the event (often one occurrence of a series) takes place as "
            + "announced no more; empty clears it."));
    return List.copyOf(fields);
  }

  /** The values of {@code status_detail} (schema.org eventStatus EventCancelled, EventPostponed). */
  static final List<String> STATUS_DETAILS = List.of("cancelled", "postponed");
  private static final int MAX_RECURRENCE_LINES = 100;
  private static final int MAX_RECURRENCE_LINE_LENGTH = 2_000;

  /** Lines as a list of strings, or one string with a line per row (a form field). */
  private static Object recurrence(Raw raw) {
    JsonNode node = raw.node();
    var lines = new ArrayList<String>();
    Iterable<JsonNode> items = node.isArray() ? node : List.of(node);
    for (JsonNode item : items) {
      if (!item.isTextual()) throw new ParamProblem("rest_invalid_type", "recurrence must be a list of strings.");
      for (String line : item.asText().split("\\R")) {
        if (!line.isBlank()) lines.add(line.trim());
      }
    }
    if (lines.size() > MAX_RECURRENCE_LINES) {
      throw new ParamProblem("rest_too_long", "recurrence must have at most " + MAX_RECURRENCE_LINES + " lines.");
    }
    for (String line : lines) {
      if (line.length() > MAX_RECURRENCE_LINE_LENGTH) {
        throw new ParamProblem("rest_too_long", "each recurrence line must be at most " + MAX_RECURRENCE_LINE_LENGTH
            + " characters.");
      }
    }
    return lines.isEmpty() ? Param.CLEAR : List.copyOf(lines);
  }

  private static String flagDescription(String flag) {
    return switch (flag) {
      case "show_map" -> "Show a map of the venue.";
      case "show_map_link" -> "Show a link to a map of the venue.";
      case "hide_from_listings" -> "Hide the event from every event list.";
      case "sticky" -> "Sticky flag (no effect on ordering).";
      default -> "Featured event.";
    };
  }

  private static Object timezone(Raw raw) {
    JsonNode node = raw.node();
    if (raw.fromText() && node.isArray()) node = node.get(node.size() - 1);
    if (!node.isTextual()) throw new ParamProblem("rest_invalid_type", "timezone is not of type string.");
    if (node.asText().isEmpty()) return Param.CLEAR;
    return EventTimezone.parse(node.asText())
        .map(EventTimezone::name)
        .orElseThrow(() -> new ParamProblem("rest_invalid_timezone", "timezone is not a valid time zone."));
  }

  /** §5.4 input: a string, a number or a list of them, stored as sanitised strings; [] for "" / []. */
  private static List<String> cost(Raw raw) {
    JsonNode node = raw.node();
    List<JsonNode> items = new ArrayList<>();
    if (node.isArray()) {
      node.forEach(items::add);
    } else {
      items.add(node);
    }
    if (items.size() > MAX_COST_ELEMENTS) {
      throw new ParamProblem("rest_too_long", "cost must have at most " + MAX_COST_ELEMENTS + " elements.");
    }
    var elements = new ArrayList<String>();
    for (JsonNode item : items) {
      String text;
      if (item.isTextual()) {
        text = item.asText();
      } else if (item.isNumber()) {
        text = numberText(item.decimalValue());
      } else {
        throw new ParamProblem("rest_invalid_type", "cost must be a string, a number or a list of them.");
      }
      if (text.codePointCount(0, text.length()) > MAX_COST_ELEMENT_LENGTH) {
        throw new ParamProblem("rest_too_long", "each cost element must be at most " + MAX_COST_ELEMENT_LENGTH + " characters.");
      }
      String clean = PlainText.stripTags(text);
      if (!clean.isEmpty()) elements.add(clean);
    }
    return List.copyOf(elements);
  }

  /** Term references (§6.4 "Terms in payloads"): items as strings, in order, without duplicates. */
  private static Object termItems(Raw raw, String name) {
    JsonNode node = raw.node();
    var items = new ArrayList<String>();
    if (node.isArray()) {
      for (JsonNode item : node) {
        if (raw.fromText() && item.isTextual()) {
          splitInto(items, item.asText());
        } else if (item.isTextual() && !item.asText().isBlank()) {
          items.add(PlainText.stripTags(item.asText()));
        } else if (item.isIntegralNumber()) {
          items.add(item.asText());
        } else {
          throw new ParamProblem("rest_invalid_type", name + " must be a list of ids, slugs or names.");
        }
      }
    } else if (node.isTextual()) {
      splitInto(items, node.asText());
    } else if (node.isIntegralNumber()) {
      items.add(node.asText());
    } else {
      throw new ParamProblem("rest_invalid_type", name + " must be a list of ids, slugs or names.");
    }
    return checkedItems(items, name);
  }

  private static void splitInto(List<String> items, String text) {
    for (String part : text.split(",")) {
      String item = PlainText.stripTags(part);
      if (!item.isEmpty()) items.add(item);
    }
  }

  /** The items without repeats; at most {@value Param#MAX_LIST_ITEMS} as sent, repeats counted (§2.9). */
  private static Object checkedItems(List<?> items, String name) {
    checkCount(items, name);
    List<?> distinct = items.stream().distinct().toList();
    return distinct.isEmpty() ? Param.CLEAR : distinct;
  }

  private static void checkCount(List<?> items, String name) {
    if (items.size() > Param.MAX_LIST_ITEMS) {
      throw new ParamProblem("rest_too_long", name + " must have at most " + Param.MAX_LIST_ITEMS + " items.");
    }
  }

  /**
   * Linked venues or organizers (§6.4): ids, comma-separated ids, {"id": N} objects, or lists of these;
   * {@code ""}, {@code 0} and {@code []} remove all links. Inline objects stay objects for the check.
   */
  private static Object linkItems(Raw raw, String name) {
    JsonNode node = raw.node();
    var items = new ArrayList<Object>();
    Iterable<JsonNode> values = node.isArray() ? node : List.of(node);
    for (JsonNode item : values) {
      if (item.isObject() && item.has("id")) {
        items.add(linkId(item.get("id"), name));
      } else if (item.isObject()) {
        items.add(new InlineObject(item, raw.fromText()));
      } else if (item.isTextual()) {
        for (String part : item.asText().split(",")) {
          if (!part.isBlank()) items.add(linkId(com.fasterxml.jackson.databind.node.TextNode.valueOf(part.trim()), name));
        }
      } else {
        items.add(linkId(item, name));
      }
    }
    checkCount(items, name);
    items.removeIf(item -> Long.valueOf(0).equals(item));
    return checkedItems(items, name);
  }

  /** A venue or organizer to find by name or create, given as an object in the payload. */
  record InlineObject(JsonNode node, boolean fromText) {}

  private static long linkId(JsonNode node, String name) {
    if (node.isIntegralNumber() && node.canConvertToLong()) return node.asLong();
    if (node.isTextual() && node.asText().trim().matches("[0-9]{1,18}")) return Long.parseLong(node.asText().trim());
    throw new ParamProblem("rest_invalid_type", name + " must be ids or objects.");
  }

  private static String numberText(BigDecimal value) {
    BigDecimal stripped = value.stripTrailingZeros();
    return (stripped.scale() < 0 ? stripped.setScale(0) : stripped).toPlainString();
  }
}

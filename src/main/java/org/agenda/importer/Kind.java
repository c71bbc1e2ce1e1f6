package org.agenda.importer;

/**
 * The five kinds of record of the original, in the order they are imported (what a record links comes before it):
 * the collection's path at the source and in Agenda, its list's items key, and its name field.
 */
enum Kind {
  CATEGORY("categories", "categories", "name", true),
  TAG("tags", "tags", "name", true),
  VENUE("venues", "venues", "venue", false),
  ORGANIZER("organizers", "organizers", "organizer", false),
  EVENT("events", "events", "title", false);

  /** Statuses an authenticated reader asks for (the lists answer only published records otherwise). */
  private static final String EVERY_STATUS = "status=publish,future,draft,pending,private";
  /** The event list answers upcoming events only unless given a window. */
  private static final String EVERY_DATE = "start_date=1900-01-01%2000:00:00&end_date=2999-12-31%2023:59:59";

  final String collection;
  final String itemsKey;
  final String nameField;
  /** Categories and tags share one id space; events, venues and organizers another. */
  final boolean term;

  Kind(String collection, String itemsKey, String nameField, boolean term) {
    this.collection = collection;
    this.itemsKey = itemsKey;
    this.nameField = nameField;
    this.term = term;
  }

  /** The name in reports and in the mapping table: "category", "tag", "venue", "organizer", "event". */
  String label() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }

  Lists.Kind list(boolean authenticated) {
    String query = switch (this) {
      case CATEGORY, TAG -> "hide_empty=false";
      case EVENT -> EVERY_DATE + (authenticated ? "&" + EVERY_STATUS : "");
      default -> authenticated ? EVERY_STATUS : "";
    };
    return new Lists.Kind(collection, query, itemsKey);
  }
}

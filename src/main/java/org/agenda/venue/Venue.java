package org.agenda.venue;

import java.util.Map;
import org.agenda.record.RecordRow;
import org.agenda.record.StoredRecord;
import org.agenda.record.Translation;

/** A stored venue: the shared record fields, its text per language and its place (§5.6). */
public record Venue(RecordRow row, Map<String, Translation> translations, String address, String city, String country,
    String province, String state, String stateprovince, String zip, String phone, boolean showMap,
    boolean showMapLink, Double geoLat, Double geoLng) implements StoredRecord {

  /** §5.6: the stored value, else state for the United States (or no country), else province. */
  String derivedStateprovince() {
    if (stateprovince != null && !stateprovince.isEmpty()) return stateprovince;
    String land = country == null ? "" : country.trim().toLowerCase(java.util.Locale.ROOT);
    boolean american = land.isEmpty() || land.equals("us") || land.equals("usa") || land.equals("united states");
    return american ? state : province;
  }
}

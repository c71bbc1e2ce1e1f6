package org.agenda.venue;

import static org.jooq.impl.DSL.field;
import static org.jooq.impl.DSL.name;
import static org.jooq.impl.DSL.table;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jooq.Field;
import org.jooq.Record;
import org.jooq.Table;

/** Columns of the venue table (see V1__schema.sql). */
public final class VenueTables {
  private VenueTables() {}

  public static final Table<Record> VENUES = table(name("venues"));
  public static final Field<Long> ID = field(name("venues", "id"), Long.class);
  static final Field<String> ADDRESS = field(name("venues", "address"), String.class);
  static final Field<String> CITY = field(name("venues", "city"), String.class);
  static final Field<String> COUNTRY = field(name("venues", "country"), String.class);
  static final Field<String> PROVINCE = field(name("venues", "province"), String.class);
  static final Field<String> STATE = field(name("venues", "state"), String.class);
  static final Field<String> STATEPROVINCE = field(name("venues", "stateprovince"), String.class);
  static final Field<String> ZIP = field(name("venues", "zip"), String.class);
  static final Field<String> PHONE = field(name("venues", "phone"), String.class);
  /** The plain-text columns, by the name of their write field. */
  static final Map<String, Field<String>> TEXT_COLUMNS = textColumns();
  static final Field<Integer> SHOW_MAP = field(name("venues", "show_map"), Integer.class);
  static final Field<Integer> SHOW_MAP_LINK = field(name("venues", "show_map_link"), Integer.class);
  public static final Field<Double> GEO_LAT = field(name("venues", "geo_lat"), Double.class);
  public static final Field<Double> GEO_LNG = field(name("venues", "geo_lng"), Double.class);

  private static Map<String, Field<String>> textColumns() {
    Map<String, Field<String>> columns = new LinkedHashMap<>();
    for (Field<String> column : List.of(ADDRESS, CITY, COUNTRY, PROVINCE, STATE, STATEPROVINCE, ZIP, PHONE)) {
      columns.put(column.getName(), column);
    }
    return columns;
  }
}

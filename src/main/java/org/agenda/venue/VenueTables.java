package org.agenda.venue;

import static org.jooq.impl.DSL.field;
import static org.jooq.impl.DSL.name;
import static org.jooq.impl.DSL.table;

import org.jooq.Field;
import org.jooq.Record;
import org.jooq.Table;

/** Columns of the venue table (see V1__schema.sql). */
public final class VenueTables {
  private VenueTables() {}

  public static final Table<Record> VENUES = table(name("venues"));
  public static final Field<Long> ID = field(name("venues", "id"), Long.class);
  public static final Field<Double> GEO_LAT = field(name("venues", "geo_lat"), Double.class);
  public static final Field<Double> GEO_LNG = field(name("venues", "geo_lng"), Double.class);
}

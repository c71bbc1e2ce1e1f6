package org.agenda.record;

/**
 * The fields events, venues and organizers share (the {@code records} table). {@code website} is null
 * when it was never set.
 */
public record RecordRow(long id, long author, String status, String statusBeforeTrash, long dateUtc, long modifiedUtc,
    String image, String website) {

  /** The status that permissions look at: for a trashed record, the one it had before (§4.4). */
  public String effectiveStatus() {
    return Status.TRASH.equals(status) && statusBeforeTrash != null ? statusBeforeTrash : status;
  }
}

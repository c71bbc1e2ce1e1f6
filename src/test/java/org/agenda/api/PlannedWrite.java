package org.agenda.api;

import java.util.List;

/**
 * One write of the crash harness: the request, and the event before and after it as the harness expects
 * it (prior null for a create, candidate null for a permanent delete). {@code inline} names the venues and
 * organizers the write creates, which must not exist unless the write committed.
 */
record PlannedWrite(Long id, String method, String path, String body, EventSnapshot prior, EventSnapshot candidate,
    List<String> inline) {}

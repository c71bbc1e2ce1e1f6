package org.agenda.http;

/** Why one parameter value is invalid: a detail code of §7.3 and a readable message. */
public final class ParamProblem extends RuntimeException {
  private final String detailCode;

  public ParamProblem(String detailCode, String message) {
    super(message, null, false, false);
    this.detailCode = detailCode;
  }

  public String detailCode() {
    return detailCode;
  }
}

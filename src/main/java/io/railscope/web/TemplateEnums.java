package io.railscope.web;

import io.quarkus.qute.TemplateData;
import io.railscope.model.Plane;

/** The model enums templates compare against by name, e.g. {@code {#if pool.usage.plane == Plane:PRIMARY}}. */
@TemplateData(target = Plane.class, namespace = TemplateData.SIMPLENAME)
final class TemplateEnums {

    private TemplateEnums() {}
}

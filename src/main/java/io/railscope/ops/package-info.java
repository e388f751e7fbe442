/** Operating Railscope: its /metrics endpoint, health checks, and the start-up that reports failures in one line. */
package io.railscope.ops;

// Package deploy holds what runs Kesim as a service: kesim.service, the
// systemd unit of docs/operations.md, and the test that verifies it.
package deploy
